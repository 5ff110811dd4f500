import { RecordedNode } from '../../../../core/domain/execution/recorded-node';
import { JsonObject, JsonValue } from '../../../../core/shared/json';
import { ExecutionNodeResultOrmEntity } from '../entities/execution-node-result.orm-entity';

type Wrapped = { value: JsonValue };

/** The rows read back for a record: `settled` may be left unread where only the steps matter (listings). */
export type NodeResultRow = Pick<ExecutionNodeResultOrmEntity, 'executionId' | 'nodeId' | 'step'> & { settled?: object };

export function toNodeResultRow(executionId: string, attempt: number, node: RecordedNode): Omit<ExecutionNodeResultOrmEntity, 'execution'> {
  return {
    executionId,
    seq: node.seq,
    nodeId: node.nodeId,
    attempt,
    step: { value: node.step } satisfies Wrapped,
    settled: { value: node.settled } satisfies Wrapped,
  };
}

/** The record's steps: its node rows', in order. */
export function stepsOf(rows: ReadonlyArray<NodeResultRow>): JsonValue[] {
  return rows.map((row) => (row.step as Wrapped).value);
}

/**
 * The run state as a workflow reads it: the stored rest (loop progress, the parked node) with the
 * settled nodes of the rows. Nodes a record kept in its state before they had rows stay, unless a
 * row holds them too.
 */
export function runStateWith(stored: object, rows: ReadonlyArray<NodeResultRow>): JsonValue {
  const state = stored as JsonObject;
  const settled: JsonObject = { ...(isObject(state.settled) ? state.settled : {}) };
  for (const row of rows) {
    const value = row.settled && (row.settled as Wrapped).value;
    // A row always holds its node's settled entry; one without (never written so) leaves the node to run again.
    if (isObject(value)) settled[row.nodeId] = value;
  }
  return { ...state, settled };
}

/** What the `run_state` column keeps of a state whose settled nodes have rows: the rest. */
export function runStateWithoutSettled(state: JsonValue | undefined): JsonValue | undefined {
  return isObject(state) ? { ...state, settled: {} } : state;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
