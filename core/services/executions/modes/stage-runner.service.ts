import { inject, injectable } from 'inversify';
import { EXECUTION_FAILURES } from '../../../domain/execution/execution.errors';
import { stepOutputChars } from '../../../domain/execution/recorded-json';
import { addUsage } from '../../../domain/llm/chat-message';
import { JsonValue } from '../../../shared/json';
import { agentMessageOf } from '../agent-input';
import { RunOutcome } from '../run-outcome';
import { agentStepsOf } from './agent-step';
import { AgentStepRunner } from './agent-step-runner.service';
import { mergedReplies } from './merged-replies';
import { ModeRun } from './mode-strategy';
import { PlannedAgent } from './agent-plan';
import { boundedMap } from './bounded-map';

/**
 * Runs agents in stages: every agent of a stage gets the same input, at most `concurrency` at
 * once; the stage's output (one reply, or the replies merged under their labels) is the next
 * stage's input, and the last stage's is the execution's `{reply}`. A failed agent fails the
 * execution once its stage has settled. Progress is stored after each stage, so a resumed or
 * reclaimed run starts at the first stage that had not finished, from the stored output.
 */
@injectable()
export class StageRunner {
  constructor(@inject(AgentStepRunner) private readonly agents: AgentStepRunner) {}

  async run(run: ModeRun, stages: PlannedAgent[][], concurrency: number): Promise<RunOutcome> {
    const done = agentStepsOf(run.execution.steps);
    const resumeAt = new Set(done.map((step) => step.stage)).size;
    const steps: JsonValue[] = [...done];
    let tokenUsage = run.execution.tokenUsage;
    let output: JsonValue = resumeAt > 0 ? run.execution.output : null;
    let carried = resumeAt > 0 ? replyOf(run.execution.output) : agentMessageOf(run.execution.input);
    const outputChars = stepOutputChars(stages.flat().length);

    for (let index = resumeAt; index < stages.length; index += 1) {
      if (run.control.signal.aborted) return { success: false, output, steps, tokenUsage, error: EXECUTION_FAILURES.cancelled };
      const stage = stages[index];
      const input = carried;
      const results = await boundedMap(stage, concurrency, (node) =>
        this.agents.run(run, { agentId: node.agentId, message: input, role: 'stage', stage: index + 1, nodeId: node.nodeId, label: node.label, outputChars }),
      );
      for (const result of results) {
        steps.push(result.step);
        tokenUsage = addUsage(tokenUsage, result.tokenUsage);
      }
      const failed = results.find((result) => result.step.status === 'failed');
      if (failed) return { success: false, output, steps, tokenUsage, error: failed.step.error };
      carried = mergedReplies(results.map((result, index) => ({ label: stage[index].label, reply: result.reply })));
      output = { reply: carried };
      const last = index === stages.length - 1;
      if (!last && !(await run.checkpoint({ output, steps, tokenUsage }))) {
        return { success: false, output, steps, tokenUsage, error: EXECUTION_FAILURES.cancelled };
      }
    }
    return { success: true, output, steps, tokenUsage, error: null };
  }
}

function replyOf(output: JsonValue): string {
  if (output !== null && typeof output === 'object' && !Array.isArray(output) && typeof output.reply === 'string') return output.reply;
  return agentMessageOf(output);
}
