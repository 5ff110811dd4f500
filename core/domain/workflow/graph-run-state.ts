import { JsonObject, JsonValue } from '../../shared/json';
import { WorkflowRunError } from './workflow-run';

export type SettledNodeStatus = 'completed' | 'failed' | 'skipped';

/** How one node settled; its output whole (not the step's clipped copy), so a resumed run sees what the first one saw. */
export type SettledNode = {
  status: SettledNodeStatus;
  output: JsonValue;
  branch: string | null;
  /** Attempts made (retries included); 0 for a skipped node. */
  attempts: number;
  error: WorkflowRunError | null;
  /** Position in settling order: the latest predecessor is `{{last}}`. */
  seq: number;
};

export type ParkKind = 'approval' | 'human_input';

/** A node waiting for a person: the run stops there without holding a worker. */
export type ParkedNode = {
  node_id: string;
  kind: ParkKind;
  prompt: string;
  /** human_input: the JSON Schema the submitted input must match; null when any input goes. */
  input_schema: JsonObject | null;
};

/**
 * Everything a workflow run needs to continue where it stopped, as plain JSON: stored with the
 * execution after every node (docs/workflows.md, "Resumable runs").
 */
export type GraphRunState = {
  version: 1;
  settled: { [nodeId: string]: SettledNode };
  /** Per-node progress of a node that works in rounds (loop rounds, iteration items). */
  progress: { [nodeId: string]: JsonValue };
  parked: ParkedNode | null;
};

export function emptyRunState(): GraphRunState {
  return { version: 1, settled: {}, progress: {}, parked: null };
}

/** The state stored with an execution, or undefined when there is none (a fresh run, a record from before states existed). */
export function readRunState(value: JsonValue | undefined): GraphRunState | undefined {
  if (!isObject(value) || value.version !== 1 || !isObject(value.settled) || !isObject(value.progress)) return undefined;
  return value as unknown as GraphRunState;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
