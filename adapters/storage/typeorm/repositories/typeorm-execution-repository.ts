import { Between, EntityManager, FindOptionsWhere, LessThan, LessThanOrEqual, MoreThanOrEqual, Not } from 'typeorm';
import { ExecutionChanges, ExecutionGuard, guardHolds } from '../../../../core/domain/execution/execution-guard';
import { EXECUTION_STATUSES, Execution, ExecutionStatus } from '../../../../core/domain/execution/execution.entity';
import { ExecutionNotFoundError } from '../../../../core/domain/execution/execution.errors';
import { RecordedNode } from '../../../../core/domain/execution/recorded-node';
import { ExecutionFilterQuery, ExecutionListQuery, ExecutionRepository, ExecutionStatistics } from '../../../../core/ports/execution-repository.port';
import { offsetOf, Page } from '../../../../core/shared/pagination';
import { ExecutionNodeResultOrmEntity } from '../entities/execution-node-result.orm-entity';
import { ExecutionOrmEntity } from '../entities/execution.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { affectedRows, columnName, insertRows, persistentValue } from '../raw-statements';
import { NodeResultRow, runStateWith, runStateWithoutSettled, stepsOf, toNodeResultRow } from '../mappers/execution-node-result.mapper';
import { ExecutionRow, toExecution, toExecutionRow } from '../mappers/execution.mapper';

/** Rounds a conditional change retries when another write got in between its read and its update. */
const MAX_ROUNDS = 10;

/** Fields whose columns are computed from the stored record too (`payload` holds input, output and steps; the duration both times). */
const READ_BEFORE_WRITE: ReadonlyArray<keyof ExecutionChanges> = ['output', 'steps', 'startedAt', 'finishedAt'];

/** Stands for the stored record where a change needs nothing of it: only the changed fields' columns are taken. */
const UNREAD: Execution = {
  id: '',
  ownerId: '',
  targetType: 'workflow',
  targetId: '',
  targetVersion: 0,
  mode: 'graph',
  options: {},
  trigger: 'api',
  scheduleId: null,
  parentExecutionId: null,
  status: 'pending',
  success: null,
  input: null,
  output: null,
  steps: [],
  tokenUsage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
  llmCalls: 0,
  error: null,
  attempt: 0,
  lease: null,
  createdAt: new Date(0),
  startedAt: null,
  finishedAt: null,
};

/** Node rows inserted per statement (SQLite caps the parameters of one statement). */
const NODE_ROWS_PER_INSERT = 100;

/** The columns each changeable field lives in, so a change writes only those (a heartbeat never rewrites the steps). */
const COLUMNS: Record<keyof Required<ExecutionChanges>, ReadonlyArray<keyof ExecutionRow>> = {
  status: ['status'],
  success: ['success'],
  output: ['payload'],
  steps: ['payload'],
  runState: ['runState'],
  tokenUsage: ['promptTokens', 'completionTokens', 'totalTokens'],
  llmCalls: ['llmCalls'],
  error: ['errorCode', 'errorMessage'],
  attempt: ['attempt'],
  lease: ['leaseOwner', 'leaseExpiresMs'],
  startedAt: ['startedAt', 'durationMs'],
  finishedAt: ['finishedAt', 'durationMs'],
  recordedNodes: [],
};

export class TypeOrmExecutionRepository implements ExecutionRepository {
  private lightColumns: Array<keyof ExecutionOrmEntity> | undefined;

  constructor(private readonly managers: ManagerProvider) {}

  async findById(id: string): Promise<Execution | undefined> {
    const [execution] = await this.managers.use(async (manager) => withNodes(manager, await manager.findBy(ExecutionOrmEntity, { id }), true));
    return execution;
  }

  async create(execution: Execution): Promise<void> {
    await this.managers.use((manager) => manager.insert(ExecutionOrmEntity, { ...toExecutionRow(execution), revision: 0 }));
  }

  async update(execution: Execution): Promise<void> {
    // The owner and the creation time never change after create.
    const { id, ownerId: _ownerId, createdAt: _createdAt, ...changes } = toExecutionRow(execution);
    const result = await this.managers.use((manager) => manager.update(ExecutionOrmEntity, { id }, { ...changes, revision: () => 'revision + 1' }));
    // mysql2 reports matched rows (its FOUND_ROWS flag), so an update that changes nothing still counts.
    if ((result.affected ?? 0) === 0) throw new ExecutionNotFoundError(id);
  }

  async transition(id: string, guard: ExecutionGuard, changes: ExecutionChanges): Promise<boolean> {
    const fields = Object.keys(changes) as Array<keyof ExecutionChanges>;
    if (!fields.some((field) => READ_BEFORE_WRITE.includes(field))) return this.guardedUpdate(id, guard, changes);
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      // The run state is the largest column and neither the guard nor another column needs it: left unread.
      const row = await this.managers.use((manager) => manager.findOne(ExecutionOrmEntity, { where: { id }, select: this.columnsButRunState(manager) }));
      if (!row) return false;
      const current = toExecution({ ...row, runState: {} });
      if (!guardHolds(current, guard)) return false;
      const { recordedNodes: nodes, ...fields } = changes;
      const next = toExecutionRow({ ...current, ...fields, ...(nodes && { runState: runStateWithoutSettled(fields.runState) }) });
      const set: Partial<ExecutionRow> = {};
      for (const field of Object.keys(fields) as Array<keyof ExecutionChanges>) {
        for (const column of COLUMNS[field]) Object.assign(set, { [column]: next[column] });
      }
      // One conditional UPDATE on the revision read: of racing writers exactly one matches.
      const update = async (manager: EntityManager) =>
        ((await manager.update(ExecutionOrmEntity, { id, revision: row.revision }, { ...set, revision: row.revision + 1 })).affected ?? 0) > 0;
      const applied =
        nodes && nodes.length > 0
          ? await this.managers.transaction(async (manager) => (await update(manager)) && (await insertNodes(manager, id, next.attempt, nodes)))
          : await this.managers.use(update);
      if (applied) return true;
    }
    throw new Error(`Execution ${id} kept changing under a conditional update`);
  }

  /**
   * A change whose columns need nothing of the stored record (a checkpoint storing nodes, a lease
   * renewal): one UPDATE with the guard in its WHERE clause, atomic on its own, and no read.
   */
  private async guardedUpdate(id: string, guard: ExecutionGuard, changes: ExecutionChanges): Promise<boolean> {
    if (guard.from.length === 0) return false;
    const { recordedNodes: nodes, ...fields } = changes;
    const next = toExecutionRow({ ...UNREAD, ...fields, ...(nodes && { runState: runStateWithoutSettled(fields.runState) }) });
    const columns = (Object.keys(fields) as Array<keyof ExecutionChanges>).flatMap((field) => COLUMNS[field]);
    const update = async (manager: EntityManager): Promise<boolean> => {
      const column = (property: keyof ExecutionOrmEntity) => columnName(manager, ExecutionOrmEntity, property);
      const set = [...columns.map((property) => `${column(property)} = ?`), `${column('revision')} = ${column('revision')} + 1`];
      const conditions = [`${column('id')} = ?`, `${column('status')} IN (${guard.from.map(() => '?').join(', ')})`];
      const parameters: unknown[] = [...columns.map((property) => persistentValue(manager, ExecutionOrmEntity, property, next[property])), id, ...guard.from];
      if (guard.leaseOwner !== undefined) {
        conditions.push(`${column('leaseOwner')} = ?`);
        parameters.push(guard.leaseOwner);
      }
      if (guard.attempt !== undefined) {
        conditions.push(`${column('attempt')} = ?`);
        parameters.push(guard.attempt);
      }
      if (guard.leaseLiveAt) {
        conditions.push(`${column('leaseOwner')} <> '' AND ${column('leaseExpiresMs')} > ?`);
        parameters.push(guard.leaseLiveAt.getTime());
      }
      if (guard.leaseFreeAt) {
        conditions.push(`(${column('leaseOwner')} = '' OR ${column('leaseExpiresMs')} <= ?)`);
        parameters.push(guard.leaseFreeAt.getTime());
      }
      const table = manager.connection.driver.escape(manager.connection.getMetadata(ExecutionOrmEntity).tableName);
      return (await affectedRows(manager, `UPDATE ${table} SET ${set.join(', ')} WHERE ${conditions.join(' AND ')}`, parameters)) > 0;
    };
    if (!nodes || nodes.length === 0) return this.managers.use(update);
    const attempt = fields.attempt ?? guard.attempt ?? 0;
    return this.managers.transaction(async (manager) => (await update(manager)) && (await insertNodes(manager, id, attempt, nodes)));
  }

  private columnsButRunState(manager: EntityManager): Array<keyof ExecutionOrmEntity> {
    this.lightColumns ??= manager.connection
      .getMetadata(ExecutionOrmEntity)
      .columns.map((column) => column.propertyName as keyof ExecutionOrmEntity)
      .filter((property) => property !== 'runState');
    return this.lightColumns;
  }

  async list(query: ExecutionListQuery): Promise<Page<Execution>> {
    const where = whereOf(query);
    if (query.status !== undefined) where.status = query.status;
    if (query.parentExecutionId !== undefined) where.parentExecutionId = query.parentExecutionId;
    const [rows, total] = await this.managers.use((manager) =>
      manager.findAndCount(ExecutionOrmEntity, { where, order: { createdAt: 'DESC', id: 'DESC' }, skip: offsetOf(query), take: query.pageSize }),
    );
    const items = await this.managers.use((manager) => withNodes(manager, rows, false));
    return { items, total, page: query.page, pageSize: query.pageSize };
  }

  async statistics(query: ExecutionFilterQuery): Promise<ExecutionStatistics> {
    const rows = await this.managers.use((manager) =>
      manager
        .createQueryBuilder(ExecutionOrmEntity, 'e')
        .select('e.status', 'status')
        .addSelect('COUNT(*)', 'count')
        .addSelect('SUM(e.prompt_tokens)', 'promptTokens')
        .addSelect('SUM(e.completion_tokens)', 'completionTokens')
        .addSelect('SUM(e.total_tokens)', 'totalTokens')
        .addSelect('SUM(e.llm_calls)', 'llmCalls')
        .addSelect('SUM(CASE WHEN e.duration_ms >= 0 THEN e.duration_ms ELSE 0 END)', 'durationSum')
        .addSelect('SUM(CASE WHEN e.duration_ms >= 0 THEN 1 ELSE 0 END)', 'durationCount')
        .where(whereOf(query))
        .groupBy('e.status')
        .getRawMany<Record<string, string | number | null>>(),
    );
    return toStatistics(rows);
  }

  async findExpiredLeases(now: Date, limit: number): Promise<Execution[]> {
    const rows = await this.managers.use((manager) =>
      manager.find(ExecutionOrmEntity, {
        where: { status: 'running', leaseOwner: Not(''), leaseExpiresMs: LessThanOrEqual(now.getTime()) },
        order: { leaseExpiresMs: 'ASC', id: 'ASC' },
        take: limit,
      }),
    );
    return this.managers.use((manager) => withNodes(manager, rows, true));
  }
}

/**
 * The records, their steps (and with `settled`, their run states' settled nodes) read from their
 * node rows where they have any. A raw query: it runs at every read of a record, and TypeORM's find
 * costs several times the query itself.
 */
async function withNodes(manager: EntityManager, rows: ExecutionOrmEntity[], settled: boolean): Promise<Execution[]> {
  if (rows.length === 0) return [];
  const byExecution = new Map<string, NodeResultRow[]>();
  for (const nodeRow of await nodeRowsOf(
    manager,
    rows.map((row) => row.id),
    settled,
  )) {
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
async function insertNodes(manager: EntityManager, executionId: string, attempt: number, nodes: ReadonlyArray<RecordedNode>): Promise<true> {
  for (let from = 0; from < nodes.length; from += NODE_ROWS_PER_INSERT) {
    const values = nodes.slice(from, from + NODE_ROWS_PER_INSERT).map((node) => toNodeResultRow(executionId, attempt, node));
    await insertRows(manager, ExecutionNodeResultOrmEntity, values, true);
  }
  return true;
}

function whereOf(query: ExecutionFilterQuery): FindOptionsWhere<ExecutionOrmEntity> {
  const where: FindOptionsWhere<ExecutionOrmEntity> = {};
  if (query.ownerId !== undefined) where.ownerId = query.ownerId;
  if (query.targetType !== undefined) where.targetType = query.targetType;
  if (query.targetId !== undefined) where.targetId = query.targetId;
  if (query.createdFrom !== undefined && query.createdBefore !== undefined)
    where.createdAt = Between(query.createdFrom, new Date(query.createdBefore.getTime() - 1));
  else if (query.createdFrom !== undefined) where.createdAt = MoreThanOrEqual(query.createdFrom);
  else if (query.createdBefore !== undefined) where.createdAt = LessThan(query.createdBefore);
  return where;
}

/** Drivers hand sums back as numbers or strings (MySQL DECIMAL), NULL for none. */
function toStatistics(rows: Array<Record<string, string | number | null>>): ExecutionStatistics {
  const byStatus = Object.fromEntries(EXECUTION_STATUSES.map((status) => [status, 0])) as Record<ExecutionStatus, number>;
  const sum = (field: string) => rows.reduce((total, row) => total + Number(row[field] ?? 0), 0);
  for (const row of rows) byStatus[row.status as ExecutionStatus] = Number(row.count);
  const durations = sum('durationCount');
  return {
    total: sum('count'),
    byStatus,
    averageDurationMs: durations === 0 ? null : Math.round(sum('durationSum') / durations),
    tokenUsage: { promptTokens: sum('promptTokens'), completionTokens: sum('completionTokens'), totalTokens: sum('totalTokens') },
    llmCalls: sum('llmCalls'),
  };
}
