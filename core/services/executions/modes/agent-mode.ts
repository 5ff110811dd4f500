import { inject, injectable } from 'inversify';
import { AGENT_RUN_ERRORS, AgentRunResult, AgentRunStep } from '../../../domain/agent/agent-run';
import { EXECUTION_FAILURES } from '../../../domain/execution/execution.errors';
import { addUsage } from '../../../domain/llm/chat-message';
import { FieldIssue } from '../../../shared/domain-error';
import { JsonValue } from '../../../shared/json';
import { AgentRunner } from '../../agents/agent-runner.service';
import { AGENT_SETTINGS, AgentSettings } from '../../agents/agent-settings';
import { agentMessageOf } from '../agent-input';
import { RunOutcome } from '../run-outcome';
import { agentRunOutput } from './agent-run-output';
import { agentRunStepsOf, conversationOf, lastIteration, RESUME_MESSAGE } from './agent-conversation';
import { ModeRun, ModeStrategy } from './mode-strategy';
import { targetAgent } from './target-agent';

/**
 * The agent's own loop (AgentRunner). Its steps are the loop's model and tool calls, so a pause
 * stops the loop where it checks its signal (before its next model or tool call; a model call
 * in flight is abandoned). A resumed or reclaimed run goes on from the stored steps: the loop is
 * given the conversation they record and asked to continue, with the iterations it has left.
 */
@injectable()
export class AgentMode implements ModeStrategy {
  readonly mode = 'agent' as const;

  constructor(
    @inject(AgentRunner) private readonly runner: Pick<AgentRunner, 'run'>,
    @inject(AGENT_SETTINGS) private readonly settings: AgentSettings,
  ) {}

  issues(): FieldIssue[] {
    return [];
  }

  async run(run: ModeRun): Promise<RunOutcome> {
    const agent = targetAgent(run.target);
    const message = agentMessageOf(run.execution.input);
    let steps = agentRunStepsOf(run.execution.steps);
    let tokenUsage = run.execution.tokenUsage;
    for (;;) {
      const done = lastIteration(steps);
      if (done >= agent.iterationLimit) {
        const error = {
          code: AGENT_RUN_ERRORS.iterationLimit,
          message: `The agent reached its limit of ${agent.iterationLimit} iterations without a final answer`,
        };
        return { success: false, output: run.execution.output, steps: steps as unknown as JsonValue[], tokenUsage, error };
      }
      const result = await this.runOnce(run, message, steps, done);
      steps = [...steps, ...result.steps.map((step): AgentRunStep => ({ ...step, iteration: step.iteration + done }))];
      tokenUsage = addUsage(tokenUsage, result.tokenUsage);
      // Agent steps are plain JSON records (no dates, no class instances).
      const progress = { output: agentRunOutput(result), steps: steps as unknown as JsonValue[], tokenUsage };
      const stoppedForPause = !result.success && result.error?.code === AGENT_RUN_ERRORS.cancelled && !run.control.signal.aborted;
      if (stoppedForPause) {
        // Resumed before the loop stopped: carry on from here; else the run stops, paused.
        if (await run.checkpoint(progress)) continue;
        return { ...progress, success: false, error: EXECUTION_FAILURES.cancelled };
      }
      const error = result.success ? null : (result.error ?? { code: 'agent.run_failed', message: 'The agent run did not complete' });
      return { ...progress, success: result.success, error };
    }
  }

  private runOnce(run: ModeRun, message: string, steps: AgentRunStep[], done: number): Promise<AgentRunResult> {
    const agent = targetAgent(run.target);
    const { id: executionId, options: modeOptions } = run.execution;
    const options = { budget: run.budget, signal: run.control.pauseSignal, executionId, sessionId: modeOptions.sessionId };
    if (steps.length === 0) return this.runner.run(run.actor, agent, message, options);
    const history = conversationOf(message, steps, this.settings.maxToolResultChars);
    const resumed = { ...agent, iterationLimit: agent.iterationLimit - done };
    return this.runner.run(run.actor, resumed, RESUME_MESSAGE, { ...options, history, question: message });
  }
}
