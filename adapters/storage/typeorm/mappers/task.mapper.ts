import { Task, TASK_PRIORITIES, TASK_STATUSES } from '../../../../core/domain/task/task.entity';
import { JsonValue } from '../../../../core/shared/json';
import { NO_INSTANT, TaskOrmEntity } from '../entities/task.orm-entity';

/** The row of a task (absent values as TaskOrmEntity spells them); `dependsOn` goes to `task_dependencies`. */
export function toTaskRow(task: Task): TaskOrmEntity {
  return {
    id: task.id,
    ownerId: task.ownerId,
    goalId: task.goalId ?? '',
    title: task.title,
    description: task.description,
    status: task.status,
    priority: task.priority,
    requiresApproval: task.requiresApproval,
    assigneeAgentId: task.assigneeAgentId ?? '',
    claimedBy: task.claimedBy ?? '',
    claimedByAgent: task.claimedByAgent,
    leaseExpiresMs: task.leaseExpiresAt?.getTime() ?? 0,
    result: JSON.stringify(task.result),
    failureReason: task.failureReason ?? '',
    dueAt: task.dueAt ?? new Date(NO_INSTANT),
    createdAt: task.createdAt,
    updatedAt: task.updatedAt,
    completedAt: task.completedAt ?? new Date(NO_INSTANT),
  };
}

export function toTask(row: TaskOrmEntity, dependsOn: string[]): Task {
  return {
    id: row.id,
    ownerId: row.ownerId,
    goalId: row.goalId || null,
    title: row.title,
    description: row.description,
    status: oneOf(TASK_STATUSES, row.status, 'status'),
    priority: oneOf(TASK_PRIORITIES, row.priority, 'priority'),
    // MySQL hands a TINYINT back as a number.
    requiresApproval: Boolean(row.requiresApproval),
    assigneeAgentId: row.assigneeAgentId || null,
    claimedBy: row.claimedBy || null,
    claimedByAgent: Boolean(row.claimedByAgent),
    // MySQL hands BIGINT back as a string.
    leaseExpiresAt: Number(row.leaseExpiresMs) === 0 ? null : new Date(Number(row.leaseExpiresMs)),
    dependsOn,
    result: JSON.parse(row.result) as JsonValue,
    failureReason: row.failureReason || null,
    dueAt: instantOrNull(row.dueAt),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    completedAt: instantOrNull(row.completedAt),
  };
}

function instantOrNull(value: Date): Date | null {
  return value.getTime() === NO_INSTANT ? null : value;
}

function oneOf<T extends string>(known: ReadonlyArray<T>, value: string, column: string): T {
  const found = known.find((candidate) => candidate === value);
  if (!found) throw new Error(`tasks.${column} holds an unknown value`);
  return found;
}
