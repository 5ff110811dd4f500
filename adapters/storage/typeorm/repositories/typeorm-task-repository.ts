import { And, EntityManager, In, LessThanOrEqual, MoreThan } from 'typeorm';
import { ExpiredStateSweeper } from '../../../../core/ports/expired-state-sweeper.port';
import { Task, TaskStatus } from '../../../../core/domain/task/task.entity';
import { TaskFilter, TaskRepository, TaskSlice } from '../../../../core/ports/task-repository.port';
import { TaskDependencyOrmEntity } from '../entities/task-dependency.orm-entity';
import { TaskOrmEntity } from '../entities/task.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toTask, toTaskRow } from '../mappers/task.mapper';

/** Ids per `IN (…)` list, well below SQLite's and MySQL's parameter limits. */
const IN_CHUNK = 500;

/** Also an expiry sweeper: the sweep returns lapsed claims to `pending` even when nobody reads the tasks. */
export class TypeOrmTaskRepository implements TaskRepository, ExpiredStateSweeper {
  constructor(private readonly managers: ManagerProvider) {}

  async findById(id: string): Promise<Task | undefined> {
    const [task] = await this.findByIds([id]);
    return task;
  }

  findByIds(ids: ReadonlyArray<string>): Promise<Task[]> {
    const distinct = [...new Set(ids)];
    if (distinct.length === 0) return Promise.resolve([]);
    return this.managers.use(async (manager) => {
      const rows = await inChunks(distinct, (chunk) => manager.findBy(TaskOrmEntity, { id: In(chunk) }));
      const byId = new Map((await withDependencies(manager, rows)).map((task) => [task.id, task]));
      return distinct.flatMap((id) => byId.get(id) ?? []);
    });
  }

  async create(task: Task): Promise<void> {
    await this.managers.transaction(async (manager) => {
      await manager.insert(TaskOrmEntity, toTaskRow(task));
      if (task.dependsOn.length === 0) return;
      const edges = task.dependsOn.map((dependsOnId, position) => ({ taskId: task.id, dependsOnId, position }));
      await manager.insert(TaskDependencyOrmEntity, edges);
    });
  }

  async updateIfStatus(task: Task, expectedStatus: TaskStatus): Promise<boolean> {
    const { id: _id, ownerId: _ownerId, goalId: _goalId, createdAt: _createdAt, ...changes } = toTaskRow(task);
    const result = await this.managers.use((manager) => manager.update(TaskOrmEntity, { id: task.id, status: expectedStatus }, changes));
    return (result.affected ?? 0) > 0;
  }

  /**
   * On MySQL the goal's row, or the owner's user row, `FOR UPDATE`: a locking read, which takes the
   * row as last committed and does not start the transaction's snapshot. SQLite runs one transaction
   * at a time (ManagerProvider's gate), so there is nothing to hold off.
   */
  async lockDependencyGraph(graph: Pick<Task, 'ownerId' | 'goalId'>): Promise<void> {
    await this.managers.use(async (manager) => {
      if (manager.connection.driver.options.type !== 'mysql') return;
      if (graph.goalId !== null) await manager.query('SELECT id FROM goals WHERE id = ? FOR UPDATE', [graph.goalId]);
      else await manager.query('SELECT id FROM users WHERE id = ? FOR UPDATE', [graph.ownerId]);
    });
  }

  async replaceDependencies(taskId: string, dependsOn: ReadonlyArray<string>): Promise<void> {
    await this.managers.transaction(async (manager) => {
      await manager.delete(TaskDependencyOrmEntity, { taskId });
      if (dependsOn.length === 0) return;
      await manager.insert(
        TaskDependencyOrmEntity,
        dependsOn.map((dependsOnId, position) => ({ taskId, dependsOnId, position })),
      );
    });
  }

  async delete(id: string): Promise<boolean> {
    return this.managers.transaction(async (manager) => {
      // Spelled out rather than left to the foreign keys: SQLite enforces them only when asked to.
      await manager.delete(TaskDependencyOrmEntity, { taskId: id });
      await manager.delete(TaskDependencyOrmEntity, { dependsOnId: id });
      const result = await manager.delete(TaskOrmEntity, { id });
      return (result.affected ?? 0) > 0;
    });
  }

  countDependants(id: string): Promise<number> {
    return this.managers.use((manager) => manager.countBy(TaskDependencyOrmEntity, { dependsOnId: id }));
  }

  returnExpiredLeases(now: Date): Promise<number> {
    // 0 means no lease, which never lapses.
    const lapsed = { status: 'claimed' satisfies TaskStatus, leaseExpiresMs: And(MoreThan(0), LessThanOrEqual(now.getTime())) };
    return this.managers.use(async (manager) => {
      // A read first, so the usual answer (nothing lapsed) takes no write lock.
      const rows = await manager.find(TaskOrmEntity, { select: { id: true }, where: lapsed });
      if (rows.length === 0) return 0;
      // The same condition again: a claimer who renewed since the read keeps the task.
      const result = await manager.update(
        TaskOrmEntity,
        { id: In(rows.map((row) => row.id)), ...lapsed },
        { status: 'pending' satisfies TaskStatus, claimedBy: '', claimedByAgent: false, leaseExpiresMs: 0, result: 'null', updatedAt: now },
      );
      return result.affected ?? 0;
    });
  }

  sweepExpired(now: Date): Promise<number> {
    return this.returnExpiredLeases(now);
  }

  listByGoal(goalId: string): Promise<Task[]> {
    return this.managers.use(async (manager) => {
      const rows = await manager.find(TaskOrmEntity, { where: { goalId }, order: { createdAt: 'ASC', id: 'ASC' } });
      return withDependencies(manager, rows);
    });
  }

  blockers(task: Task): Promise<Task[]> {
    return this.managers.use(async (manager) => {
      const rows = await manager
        .createQueryBuilder(TaskOrmEntity, 'task')
        .innerJoin(TaskDependencyOrmEntity, 'edge', 'edge.depends_on_id = task.id')
        .where('edge.task_id = :id', { id: task.id })
        .andWhere('task.status <> :completed', { completed: 'completed' satisfies TaskStatus })
        .orderBy('edge.position', 'ASC')
        .getMany();
      return withDependencies(manager, rows);
    });
  }

  list(filter: TaskFilter, offset: number, limit: number): Promise<TaskSlice> {
    const where = {
      ...(filter.ownerId === undefined ? {} : { ownerId: filter.ownerId }),
      ...(filter.goalId === undefined ? {} : { goalId: filter.goalId }),
      ...(filter.status === undefined ? {} : { status: filter.status }),
    };
    return this.managers.use(async (manager) => {
      const [rows, total] = await manager.findAndCount(TaskOrmEntity, {
        where,
        order: { createdAt: 'DESC', id: 'ASC' },
        skip: offset,
        take: limit,
      });
      return { items: await withDependencies(manager, rows), total };
    });
  }
}

async function withDependencies(manager: EntityManager, rows: TaskOrmEntity[]): Promise<Task[]> {
  const edges = await inChunks(
    rows.map((row) => row.id),
    (chunk) => manager.find(TaskDependencyOrmEntity, { where: { taskId: In(chunk) }, order: { position: 'ASC' } }),
  );
  const dependsOn = new Map<string, string[]>();
  for (const edge of edges) {
    const list = dependsOn.get(edge.taskId) ?? [];
    list.push(edge.dependsOnId);
    dependsOn.set(edge.taskId, list);
  }
  return rows.map((row) => toTask(row, dependsOn.get(row.id) ?? []));
}

async function inChunks<T>(ids: string[], query: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (let start = 0; start < ids.length; start += IN_CHUNK) found.push(...(await query(ids.slice(start, start + IN_CHUNK))));
  return found;
}
