import { JsonValue } from '../../shared/json';

/**
 * A settled workflow node of an execution, stored on its own (docs/executions.md, "How a run is
 * stored"): written once when it settles, so a run's storage grows by one node per node instead
 * of rewriting every step and output at every node. The record's `steps` and its run state's
 * `settled` nodes are read back from these.
 */
export interface RecordedNode {
  /** Its step's position among the execution's steps. */
  seq: number;
  nodeId: string;
  /** The step as the execution's `steps` show it. */
  step: JsonValue;
  /** How it settled (a workflow SettledNode, its whole output): what a resumed run continues from. */
  settled: JsonValue;
}
