import { inject, injectable } from 'inversify';
import { Agent } from '../../domain/agent/agent.entity';
import { Actor } from '../../domain/auth/actor';
import { stepOutputChars } from '../../domain/execution/recorded-json';
import { addUsage } from '../../domain/llm/chat-message';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { OrchestrationMode, OrchestrationResult } from '../../domain/orchestration/orchestration';
import { AGENT_REPOSITORY, AgentRepository } from '../../ports/agent-repository.port';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ValidationError } from '../../shared/common.errors';
import { ChatThrottle } from '../chat/chat-throttle.service';
import { agentMessageOf } from '../executions/agent-input';
import { EXECUTION_SETTINGS, ExecutionSettings } from '../executions/execution-settings';
import { agentStepsOf } from '../executions/modes/agent-step';
import { AgentStepRunner } from '../executions/modes/agent-step-runner.service';
import { DebateMode } from '../executions/modes/debate-mode';
import { ModeRun } from '../executions/modes/mode-strategy';
import { StageRunner } from '../executions/modes/stage-runner.service';
import { RunOutcome } from '../executions/run-outcome';
import { JsonValue } from '../../shared/json';
import { RunLifecycle } from '../runs/run-lifecycle.service';
import { AgentRouter } from './agent-router.service';
import { orchestrationFailure, rethrowSafely } from './orchestration-failure';
import { orchestrationIssues, OrchestrationRequest } from './orchestration-request';
import { orchestrationRun } from './orchestration-run';
import { usableAgents } from './usable-agents';

/**
 * Several agents answering one message (`POST /agent-chat/orchestrate`): `route` lets the default
 * model pick one agent, which answers; `sequential` and `debate` are the execution modes'
 * strategies run over the given agents (the first agent judges a debate). One LLM budget for
 * every call; counted in the caller's chat rate.
 */
@injectable()
export class AgentOrchestrator {
  constructor(
    @inject(AGENT_REPOSITORY) private readonly agents: AgentRepository,
    @inject(ChatThrottle) private readonly throttle: ChatThrottle,
    @inject(RunLifecycle) private readonly lifecycle: RunLifecycle,
    @inject(AgentRouter) private readonly router: AgentRouter,
    @inject(AgentStepRunner) private readonly steps: AgentStepRunner,
    @inject(StageRunner) private readonly stages: StageRunner,
    @inject(DebateMode) private readonly debate: DebateMode,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(EXECUTION_SETTINGS) private readonly settings: ExecutionSettings,
  ) {}

  async orchestrate(actor: Actor, request: OrchestrationRequest, signal: AbortSignal): Promise<OrchestrationResult> {
    const issues = orchestrationIssues(request);
    if (issues.length > 0) throw new ValidationError('The orchestration request is not valid', issues);
    await this.throttle.take(actor);
    const agents = await usableAgents(this.agents, actor, request.agentIds);
    const mode = request.mode as OrchestrationMode;
    const run = this.lifecycle.open('orchestration', actor.userId);
    await run.stored;
    const host: Agent = { ...agents[0], workflowConfig: participantsGraph(agents) };
    const budget = new LlmCallBudget(this.settings.maxLlmCalls);
    const modeRun = orchestrationRun({
      actor,
      runId: run.runId,
      host,
      message: request.message,
      sessionId: request.sessionId,
      budget,
      signal,
      now: this.clock.now(),
    });
    let outcome: RunOutcome | undefined;
    try {
      outcome = await this.runMode(mode, modeRun, agents);
    } catch (error) {
      rethrowSafely(error);
    } finally {
      await this.lifecycle.close(run.runId, outcome?.success ? 'completed' : signal.aborted ? 'cancelled' : 'failed');
    }
    if (!outcome.success) {
      throw orchestrationFailure(outcome.error ?? { code: 'orchestration.failed', message: 'The orchestration did not complete' });
    }
    return {
      ...(request.sessionId === undefined ? {} : { sessionId: request.sessionId }),
      mode,
      reply: replyOf(outcome.output),
      steps: agentStepsOf(outcome.steps).map((step) => ({ agentId: step.agent_id, output: agentMessageOf(step.output) })),
      tokenUsage: outcome.tokenUsage,
    };
  }

  private async runMode(mode: OrchestrationMode, run: ModeRun, agents: Agent[]): Promise<RunOutcome> {
    if (mode === 'debate') return this.debate.run(run);
    if (mode === 'sequential')
      return this.stages.run(
        run,
        agents.map((agent, index) => [{ nodeId: `agent-${index + 1}`, agentId: agent.id, label: agent.name }]),
        1,
      );
    const message = agentMessageOf(run.execution.input);
    const choice = await this.router.pick(run.actor, agents, message, { budget: run.budget, signal: run.control.signal, runId: run.execution.id });
    const chosen = agents.find((agent) => agent.id === choice.agentId) as Agent;
    const result = await this.steps.run(run, {
      agentId: chosen.id,
      message,
      role: 'stage',
      stage: 1,
      nodeId: null,
      label: chosen.name,
      outputChars: stepOutputChars(1),
    });
    const tokenUsage = addUsage(choice.tokenUsage, result.tokenUsage);
    const success = result.step.status === 'completed';
    return { success, output: success ? { reply: result.reply } : null, steps: [result.step], tokenUsage, error: result.step.error };
  }
}

/** The participants as the agent nodes of a `workflow_config`, in the order given (the debate strategy reads its speakers there). */
function participantsGraph(agents: Agent[]): Agent['workflowConfig'] {
  return { nodes: agents.map((agent, index) => ({ id: `agent-${index + 1}`, type: 'agent', agent_id: agent.id, label: agent.name })), edges: [] };
}

/** The `reply` of a mode's output (`{reply}`, `{reply, rounds}`). */
function replyOf(output: JsonValue): string {
  if (output !== null && typeof output === 'object' && !Array.isArray(output) && typeof output.reply === 'string') return output.reply;
  return agentMessageOf(output);
}
