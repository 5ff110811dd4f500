import { EntityManager, In } from 'typeorm';
import { Task, TaskStatus } from '../../../../core/domain/task/task.entity';
import { TaskFilter, TaskRepository, TaskSlice } from '../../../../core/ports/task-repository.port';
import { TaskDependencyOrmEntity } from '../entities/task-dependency.orm-entity';
import { TaskOrmEntity } from '../entities/task.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toTask, toTaskRow } from '../mappers/task.mapper';

/** Ids per `IN (…)` list, well below SQLite's and MySQL's parameter limits. */
const IN_CHUNK = 500;

export class TypeOrmTaskRepository implements TaskRepository {
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
