import { Between, EntityManager, FindOptionsWhere, LessThan, LessThanOrEqual, MoreThanOrEqual, Not } from 'typeorm';
import { ExecutionChanges, ExecutionGuard, guardHolds } from '../../../../core/domain/execution/execution-guard';
import { EXECUTION_STATUSES, Execution, ExecutionStatus } from '../../../../core/domain/execution/execution.entity';
import { ExecutionNotFoundError } from '../../../../core/domain/execution/execution.errors';
import { ExecutionFilterQuery, ExecutionListQuery, ExecutionRepository, ExecutionStatistics } from '../../../../core/ports/execution-repository.port';
import { offsetOf, Page } from '../../../../core/shared/pagination';
import { ExecutionOrmEntity } from '../entities/execution.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { runStateWithoutSettled } from '../mappers/execution-node-result.mapper';
import { insertNodes, withNodes } from '../executions/execution-node-rows';
import { updateWhereGuardHolds } from '../executions/guarded-update';
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

  async statusOf(id: string): Promise<ExecutionStatus | undefined> {
    const row = await this.managers.use((manager) => manager.findOne(ExecutionOrmEntity, { where: { id }, select: { status: true } }));
    return row?.status as ExecutionStatus | undefined;
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
    const set: Partial<ExecutionRow> = {};
    for (const field of Object.keys(fields) as Array<keyof ExecutionChanges>) {
      for (const column of COLUMNS[field]) Object.assign(set, { [column]: next[column] });
    }
    const update = (manager: EntityManager) => updateWhereGuardHolds(manager, id, guard, set);
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
