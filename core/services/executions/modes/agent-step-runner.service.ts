import { inject, injectable } from 'inversify';
import { clipJson } from '../../../domain/execution/recorded-json';
import { TokenUsage, ZERO_USAGE } from '../../../domain/llm/chat-message';
import { CLOCK, Clock } from '../../../ports/clock.port';
import { DomainError } from '../../../shared/domain-error';
import { AgentCaller } from '../../agents/agent-caller.service';
import { publicFailureOf } from '../../runs/public-failure';
import { AgentStep, usageJson } from './agent-step';
import { ModeRun } from './mode-strategy';

export interface AgentStepRequest {
  agentId: string;
  message: string;
  role: AgentStep['role'];
  stage: number | null;
  nodeId: string | null;
  label: string;
  side?: string;
  /** The longest JSON of the reply the step keeps (its share of the record). */
  outputChars: number;
}

export interface AgentStepResult {
  step: AgentStep;
  /** The whole reply (the step may keep it cut); empty when the run failed. */
  reply: string;
  tokenUsage: TokenUsage;
}

/**
 * Runs one agent as a step of an agent-based mode, on the execution's budget and signal. The
 * agent is loaded with the actor's rights (`AgentCaller`): one the actor may not use fails its
 * step as `agent.not_found`. A failing run (model error, iteration limit, cancellation) is a
 * failed step; only unexpected errors are thrown.
 */
@injectable()
export class AgentStepRunner {
  constructor(
    @inject(AgentCaller) private readonly agents: Pick<AgentCaller, 'call'>,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async run(run: ModeRun, request: AgentStepRequest): Promise<AgentStepResult> {
    const startedAt = this.clock.now();
    let outcome: { success: boolean; reply: string; tokenUsage: TokenUsage; error: AgentStep['error'] };
    try {
      const { id: executionId, options } = run.execution;
      const context = { budget: run.budget, signal: run.control.signal, executionId, sessionId: options.sessionId };
      const result = await this.agents.call(run.actor, request.agentId, request.message, context);
      const error = result.success ? null : (result.error ?? { code: 'agent.run_failed', message: 'The agent run did not complete' });
      outcome = { success: result.success, reply: result.output, tokenUsage: result.tokenUsage, error };
    } catch (thrown) {
      if (!(thrown instanceof DomainError)) throw thrown;
      outcome = { success: false, reply: '', tokenUsage: ZERO_USAGE, error: publicFailureOf(thrown) };
    }
    const finishedAt = this.clock.now();
    const step: AgentStep = {
      role: request.role,
      stage: request.stage,
      node_id: request.nodeId,
      agent_id: request.agentId,
      label: request.label,
      side: request.side ?? null,
      status: outcome.success ? 'completed' : 'failed',
      output: outcome.success ? clipJson(outcome.reply, request.outputChars) : null,
      error: outcome.error,
      token_usage: usageJson(outcome.tokenUsage),
      started_at: startedAt.toISOString(),
      finished_at: finishedAt.toISOString(),
      duration_ms: Math.max(0, finishedAt.getTime() - startedAt.getTime()),
    };
    return { step, reply: outcome.success ? outcome.reply : '', tokenUsage: outcome.tokenUsage };
  }
}
