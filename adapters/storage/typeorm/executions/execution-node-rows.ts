import { EntityManager } from 'typeorm';
import { Execution } from '../../../../core/domain/execution/execution.entity';
import { RecordedNode } from '../../../../core/domain/execution/recorded-node';
import { ExecutionNodeResultOrmEntity } from '../entities/execution-node-result.orm-entity';
import { ExecutionOrmEntity } from '../entities/execution.orm-entity';
import { NodeResultRow, runStateWith, stepsOf, toNodeResultRow } from '../mappers/execution-node-result.mapper';
import { toExecution } from '../mappers/execution.mapper';
import { insertRows } from '../raw-statements';

/** Node rows inserted per statement (SQLite caps the parameters of one statement). */
const NODE_ROWS_PER_INSERT = 100;

/**
 * The records, their steps (and with `settled`, their run states' settled nodes) read from their
 * node rows where they have any. A raw query: it runs at every read of a record, and TypeORM's find
 * costs several times the query itself.
 */
export async function withNodes(manager: EntityManager, rows: ExecutionOrmEntity[], settled: boolean): Promise<Execution[]> {
  if (rows.length === 0) return [];
  const byExecution = new Map<string, NodeResultRow[]>();
  const ids = rows.map((row) => row.id);
  for (const nodeRow of await nodeRowsOf(manager, ids, settled)) {
    const list = byExecution.get(nodeRow.executionId);
    if (list) list.push(nodeRow);
    else byExecution.set(nodeRow.executionId, [nodeRow]);
  }
  return rows.map((row) => {
    const execution = toExecution(row);
    const nodes = byExecution.get(row.id);
    if (!nodes) return execution;
    return { ...execution, steps: stepsOf(nodes), ...(settled ? { runState: runStateWith(row.runState, nodes) } : {}) };
  });
}

type RawNodeRow = { execution_id: string; node_id: string; step: string | object; settled?: string | object };

async function nodeRowsOf(manager: EntityManager, executionIds: string[], settled: boolean): Promise<NodeResultRow[]> {
  const escape = (name: string) => manager.connection.driver.escape(name);
  const columns = ['execution_id', 'seq', 'node_id', 'step', ...(settled ? ['settled'] : [])].map(escape).join(', ');
  const sql = `SELECT ${columns} FROM ${escape('execution_node_results')} WHERE ${escape('execution_id')} IN (${executionIds.map(() => '?').join(', ')}) ORDER BY ${escape('execution_id')}, ${escape('seq')}`;
  const raw = (await manager.query(sql, executionIds)) as RawNodeRow[];
  // JSON comes back as text (SQLite, MariaDB) or parsed (MySQL's JSON type).
  const parsed = (value: string | object): object => (typeof value === 'string' ? (JSON.parse(value) as object) : value);
  return raw.map((row) => ({
    executionId: row.execution_id,
    nodeId: row.node_id,
    step: parsed(row.step),
    ...(row.settled === undefined ? {} : { settled: parsed(row.settled) }),
  }));
}

/** Stores the nodes not stored yet (a node already stored keeps its row); always true, for `&&`. */
export async function insertNodes(manager: EntityManager, executionId: string, attempt: number, nodes: ReadonlyArray<RecordedNode>): Promise<true> {
  for (let from = 0; from < nodes.length; from += NODE_ROWS_PER_INSERT) {
    const values = nodes.slice(from, from + NODE_ROWS_PER_INSERT).map((node) => toNodeResultRow(executionId, attempt, node));
    await insertRows(manager, ExecutionNodeResultOrmEntity, values, true);
  }
  return true;
}
