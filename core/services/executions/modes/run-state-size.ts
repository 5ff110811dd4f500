import { WorkflowProgress } from '../../workflows/workflow-engine.service';

/**
 * The length of a run state's JSON, kept up as the run goes: each settled node (whose entry never
 * changes once settled) is measured once, when its step appears, and only the small rest (loop
 * progress, the parked node) is measured again at each checkpoint. Equals
 * `JSON.stringify(state).length` when the steps name each settled node once, as a workflow run's steps do.
 */
export class RunStateSize {
  private settledChars = 0;
  private measuredSteps = 0;

  constructor(private readonly maxChars: number) {}

  exceeded(current: WorkflowProgress): boolean {
    return this.charsOf(current) > this.maxChars;
  }

  private charsOf({ steps, state }: WorkflowProgress): number {
    for (; this.measuredSteps < steps.length; this.measuredSteps += 1) {
      const nodeId = steps[this.measuredSteps].node_id;
      // `"id":{…},`
      this.settledChars += JSON.stringify(nodeId).length + 2 + (JSON.stringify(state.settled[nodeId]) ?? '').length;
    }
    // Entries are separated by commas: one fewer than counted.
    const separators = this.measuredSteps > 0 ? -1 : 0;
    return this.settledChars + separators + JSON.stringify({ ...state, settled: {} }).length;
  }
}
