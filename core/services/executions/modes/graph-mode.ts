import { inject, injectable } from 'inversify';
import { EXECUTION_FAILURES } from '../../../domain/execution/execution.errors';
import { addUsage, TokenUsage } from '../../../domain/llm/chat-message';
import { validateWorkflowGraph } from '../../../domain/workflow/workflow-graph.rules';
import { WorkflowStep } from '../../../domain/workflow/workflow-run';
import { FieldIssue } from '../../../shared/domain-error';
import { WorkflowEngine } from '../../workflows/workflow-engine.service';
import { ResolvedTarget } from '../execution-targets';
import { RunOutcome, RunProgress } from '../run-outcome';
import { agentWorkflowGraph } from './agent-workflow-graph';
import { ModeRun, ModeStrategy } from './mode-strategy';

/** Thrown from the engine's step hook to leave the run at a step boundary. */
class RunStopped extends Error {}

/**
 * A workflow's graph, or an agent's `workflow_config` as one, run by the WorkflowEngine; its
 * steps are the engine's. Progress is stored after every node and a pause takes effect there;
 * a resumed or reclaimed graph runs again from its start node (nodes may have had effects that
 * cannot be replayed from the stored, size-capped step outputs), its tokens added to the earlier ones.
 */
@injectable()
export class GraphMode implements ModeStrategy {
  readonly mode = 'graph' as const;

  constructor(@inject(WorkflowEngine) private readonly engine: Pick<WorkflowEngine, 'run'>) {}

  issues(target: ResolvedTarget): FieldIssue[] {
    if (target.type === 'workflow') return [];
    return validateWorkflowGraph(agentWorkflowGraph(target.agent)).map((issue) => ({ field: `workflow_config.${issue.field}`, message: issue.message }));
  }

  async run(run: ModeRun): Promise<RunOutcome> {
    const { target, execution } = run;
    const graph = target.type === 'workflow' ? target.workflow.graph : agentWorkflowGraph(target.agent);
    const earlier = execution.tokenUsage;
    let progress: RunProgress = { output: null, steps: [], tokenUsage: earlier };
    const onStep = async (steps: ReadonlyArray<WorkflowStep>, tokenUsage: TokenUsage): Promise<void> => {
      progress = { output: null, steps: [...steps], tokenUsage: addUsage(earlier, tokenUsage) };
      if (!(await run.checkpoint(progress))) throw new RunStopped();
    };
    try {
      const result = await this.engine.run(run.actor, graph, execution.input, {
        budget: run.budget,
        signal: run.control.signal,
        executionId: execution.id,
        onStep,
      });
      return {
        success: result.success,
        output: result.output,
        steps: result.steps,
        tokenUsage: addUsage(earlier, result.tokenUsage),
        error: result.error ?? null,
      };
    } catch (error) {
      if (error instanceof RunStopped) return { ...progress, success: false, error: EXECUTION_FAILURES.cancelled };
      throw error;
    }
  }
}
