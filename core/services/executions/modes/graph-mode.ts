import { inject, injectable } from 'inversify';
import { EXECUTION_FAILURES } from '../../../domain/execution/execution.errors';
import { RecordedNode } from '../../../domain/execution/recorded-node';
import { addUsage } from '../../../domain/llm/chat-message';
import { readRunState } from '../../../domain/workflow/graph-run-state';
import { WorkflowStep } from '../../../domain/workflow/workflow-run';
import { FieldIssue } from '../../../shared/domain-error';
import { JsonValue } from '../../../shared/json';
import { ApprovalInbox } from '../../approvals/approval-inbox.service';
import { WorkflowEngine, WorkflowProgress } from '../../workflows/workflow-engine.service';
import { WorkflowValidator } from '../../workflows/workflow-validator.service';
import { WORKFLOW_SETTINGS, WorkflowSettings } from '../../workflows/workflow-settings';
import { ExecutionEvents } from '../execution-events.service';
import { ResolvedTarget } from '../execution-targets';
import { RunOutcome, RunProgress } from '../run-outcome';
import { agentWorkflowGraph } from './agent-workflow-graph';
import { ModeRun, ModeStrategy } from './mode-strategy';
import { RunStateSize } from './run-state-size';

export const STATE_TOO_LARGE = {
  code: 'workflow.state_too_large',
  message: 'The run’s state (the outputs of its nodes) grew past what an execution may store',
};

/**
 * A workflow's graph, or an agent's `workflow_config` as one, run by the WorkflowEngine; its
 * steps are the engine's. After every node the progress is stored: the nodes settled since the
 * last checkpoint (step and whole output, one row each) and the run state's small rest (loop
 * progress, the parked node), so a resumed or reclaimed run continues from it without running a
 * completed node again; a pause takes effect there. The first store of each attempt also records
 * the nodes it resumed from (already stored ones stay as they are), which moves a record stored
 * before nodes had rows of their own onto them. An approval or human_input
 * node parks the execution (`paused`, no lease) and opens its approval; deciding it queues the
 * execution again, and the run continues after the node. A record with no stored state (stopped
 * before its first node, or stored before states existed) runs again from its start node.
 */
@injectable()
export class GraphMode implements ModeStrategy {
  readonly mode = 'graph' as const;

  constructor(
    @inject(WorkflowEngine) private readonly engine: Pick<WorkflowEngine, 'run'>,
    @inject(WorkflowValidator) private readonly validator: Pick<WorkflowValidator, 'validate'>,
    @inject(ApprovalInbox) private readonly inbox: Pick<ApprovalInbox, 'open' | 'decisionFor'>,
    @inject(ExecutionEvents) private readonly events: Pick<ExecutionEvents, 'nodeStarted'>,
    @inject(WORKFLOW_SETTINGS) private readonly settings: WorkflowSettings,
  ) {}

  issues(target: ResolvedTarget): FieldIssue[] {
    if (target.type === 'workflow') return [];
    return this.validator.validate(agentWorkflowGraph(target.agent)).map((issue) => ({ field: `workflow_config.${issue.field}`, message: issue.message }));
  }

  async run(run: ModeRun): Promise<RunOutcome> {
    const { target, execution } = run;
    const graph = target.type === 'workflow' ? target.workflow.graph : agentWorkflowGraph(target.agent);
    const earlier = execution.tokenUsage;
    const stored = readRunState(execution.runState);
    const resume = stored && { state: stored, steps: execution.steps as WorkflowStep[] };
    const decision = stored?.parked ? await this.inbox.decisionFor(execution.id, stored.parked.node_id) : undefined;
    let progress: RunProgress = { output: null, steps: resume?.steps ?? [], tokenUsage: earlier, state: stored, nodes: [] };
    let tooLarge = false;
    const stateSize = new RunStateSize(this.settings.maxRunStateChars);
    // Steps whose nodes a checkpoint has stored.
    let recorded = 0;
    const progressOf = (current: WorkflowProgress): RunProgress => ({
      output: null,
      steps: [...current.steps],
      tokenUsage: addUsage(earlier, current.tokenUsage),
      state: current.state as unknown as JsonValue,
      nodes: recordedNodes(current, recorded),
    });
    const onCheckpoint = async (current: WorkflowProgress): Promise<boolean> => {
      if (stateSize.exceeded(current)) return !(tooLarge = true);
      progress = progressOf(current);
      const goesOn = await run.checkpoint(progress);
      // A refused checkpoint may not have been stored (cancelled, taken over): its nodes go with the next store too.
      if (goesOn) recorded = progress.steps.length;
      return goesOn;
    };
    const trace = { executionId: execution.id, ...(target.type === 'agent' ? { agentId: target.agent.id } : {}) };
    const result = await this.engine.run(run.actor, graph, execution.input, {
      budget: run.budget,
      signal: run.control.signal,
      trace,
      resume,
      decision,
      mayPark: run.park !== undefined,
      onCheckpoint,
      onNodeStart: (node, attempt) => this.events.nodeStarted(execution.id, node, attempt),
    });
    if (tooLarge) return { ...progress, success: false, error: STATE_TOO_LARGE };
    if (result.stopped) return { ...progress, success: false, error: EXECUTION_FAILURES.cancelled };
    const outcome = progressOf({ steps: result.steps, tokenUsage: result.tokenUsage, state: result.state });
    if (result.parked && run.park) {
      if (stateSize.exceeded(result)) return { ...progress, success: false, error: STATE_TOO_LARGE };
      if (!(await run.park(outcome))) return { ...outcome, success: false, error: EXECUTION_FAILURES.cancelled };
      await this.inbox.open(execution, result.parked);
      return { ...outcome, success: false, error: null };
    }
    // A finished run needs no state to continue: the last one stored stays, for the record.
    return { ...outcome, state: undefined, output: result.output, success: result.success, error: result.error ?? null };
  }
}

/** The steps from `from` on, each with how its node settled. */
function recordedNodes({ steps, state }: WorkflowProgress, from: number): RecordedNode[] {
  return steps.slice(from).map((step, offset) => ({
    seq: from + offset,
    nodeId: step.node_id,
    step: step as unknown as JsonValue,
    settled: (state.settled[step.node_id] ?? null) as unknown as JsonValue,
  }));
}
