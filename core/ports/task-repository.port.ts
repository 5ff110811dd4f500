import { Task, TaskStatus } from '../domain/task/task.entity';
import { token } from '../shared/token';

export interface TaskFilter {
  /** Only this owner's tasks; every owner's when absent. */
  ownerId?: string;
  goalId?: string;
  status?: TaskStatus;
}

export interface TaskSlice {
  /** Newest first. */
  items: Task[];
  total: number;
}

/**
 * Tasks and their dependencies (`dependsOn`, stored in the order given). Visibility is the
 * caller's business: every method sees every owner.
 */
export interface TaskRepository {
  findById(id: string): Promise<Task | undefined>;
  /** The tasks that exist among `ids`, in the order of `ids`. */
  findByIds(ids: ReadonlyArray<string>): Promise<Task[]>;
  /** Stores the task and its dependencies together. The dependencies must exist. */
  create(task: Task): Promise<void>;
  /**
   * Writes every field but `id`, `ownerId`, `goalId`, `dependsOn` and `createdAt`, only if the
   * stored task is still in `expectedStatus`. False when it is not (a concurrent change) or the
   * task is gone: the conditional update is what makes two simultaneous claims end with one winner.
   */
  updateIfStatus(task: Task, expectedStatus: TaskStatus): Promise<boolean>;
  /**
   * Until the current transaction ends, holds off every other transaction that calls it for the
   * same dependency graph: the tasks of one goal, or an owner's tasks without a goal (dependencies
   * never leave it). Call it before any other read of the transaction, so that what the transaction
   * reads includes all that the one before it committed (on MySQL a transaction reads the database
   * as it was at its first plain read).
   */
  lockDependencyGraph(graph: Pick<Task, 'ownerId' | 'goalId'>): Promise<void>;
  /** Replaces the task's dependencies (which must exist), keeping the order given. */
  replaceDependencies(taskId: string, dependsOn: ReadonlyArray<string>): Promise<void>;
  /** Removes the task and its dependency edges both ways; false when it was gone. */
  delete(id: string): Promise<boolean>;
  /** How many tasks depend on this one. */
  countDependants(id: string): Promise<number>;
  /**
   * Returns every claimed task whose lease ended at or before `now` to `pending` (no claimer, no
   * lease, no result), each only if its lease is still the one that ended: a claimer renewing at
   * the same moment keeps the task. Answers how many went back. Safe from several processes.
   */
  returnExpiredLeases(now: Date): Promise<number>;
  /** Every task of the goal, oldest first. */
  listByGoal(goalId: string): Promise<Task[]>;
  /** The tasks `task` depends on that are not completed yet, in `dependsOn` order. */
  blockers(task: Task): Promise<Task[]>;
  list(filter: TaskFilter, offset: number, limit: number): Promise<TaskSlice>;
}

export const TASK_REPOSITORY = token<TaskRepository>('TaskRepository');
