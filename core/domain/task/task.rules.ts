import { FieldIssue } from '../../shared/domain-error';
import { JsonValue } from '../../shared/json';
import { TASK_PRIORITIES, TaskPriority } from './task.entity';
import { utf8Length } from '../../shared/utf8-length';

export const TASK_LIMITS = {
  titleChars: 200,
  descriptionChars: 10_000,
  dependencies: 50,
  idChars: 36,
  reasonChars: 2_000,
  /** UTF-8 bytes of a result's JSON: what a MySQL TEXT column holds. */
  resultBytes: 65_535,
  /** A claim's lease: one second to one day. */
  leaseSeconds: 86_400,
} as const;

/** A task as a caller asks for it. */
export interface NewTaskInput {
  title: string;
  description?: string;
  goalId?: string;
  /** Default `normal`. */
  priority?: TaskPriority;
  requiresApproval?: boolean;
  assigneeAgentId?: string;
  /** Ids of tasks that must be completed first; repeats count once. */
  dependsOn?: string[];
  dueAt?: Date;
}

export interface CheckedNewTask {
  title: string;
  description: string;
  goalId: string | null;
  priority: TaskPriority;
  requiresApproval: boolean;
  assigneeAgentId: string | null;
  /** Distinct, in the order given. */
  dependsOn: string[];
  dueAt: Date | null;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

/** Checks a new task completely (every problem at once, named by its wire field). */
export function checkNewTask(input: NewTaskInput): Checked<CheckedNewTask> {
  const issues: FieldIssue[] = [];
  const title = typeof input.title === 'string' ? input.title.trim() : '';
  if (title.length === 0 || title.length > TASK_LIMITS.titleChars) {
    issues.push({ field: 'title', message: `must be 1 to ${TASK_LIMITS.titleChars} characters` });
  }
  const description = input.description ?? '';
  if (typeof description !== 'string' || description.length > TASK_LIMITS.descriptionChars) {
    issues.push({ field: 'description', message: `must be a string of at most ${TASK_LIMITS.descriptionChars} characters` });
  }
  const priority = input.priority ?? 'normal';
  if (!(TASK_PRIORITIES as ReadonlyArray<string>).includes(priority)) {
    issues.push({ field: 'priority', message: `must be one of ${TASK_PRIORITIES.join(', ')}` });
  }
  if (input.requiresApproval !== undefined && typeof input.requiresApproval !== 'boolean') {
    issues.push({ field: 'requires_approval', message: 'must be a boolean' });
  }
  const goalId = optionalId(issues, 'goal_id', input.goalId);
  const assigneeAgentId = optionalId(issues, 'agent_id', input.assigneeAgentId);
  const dependsOn = dependencyIds(issues, input.dependsOn);
  if (input.dueAt !== undefined && !(input.dueAt instanceof Date && Number.isFinite(input.dueAt.getTime()))) {
    issues.push({ field: 'due_at', message: 'must be a valid date and time' });
  }
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    value: {
      title,
      description,
      goalId,
      priority,
      requiresApproval: input.requiresApproval ?? false,
      assigneeAgentId,
      dependsOn,
      dueAt: input.dueAt ?? null,
    },
  };
}

/** What PUT may change; absent fields stay as they are (`status`, `goal_id` and the owner never change here). */
export interface TaskChanges {
  title?: string;
  description?: string;
  priority?: TaskPriority;
  requiresApproval?: boolean;
  /** null unassigns. */
  assigneeAgentId?: string | null;
  /** Replaces the dependencies; repeats count once. */
  dependsOn?: string[];
  /** null removes the due date. */
  dueAt?: Date | null;
}

export type CheckedTaskChanges = Partial<Omit<CheckedNewTask, 'goalId'>>;

/** Checks a PUT's changes by the rules of a new task (every problem at once). */
export function checkTaskChanges(input: TaskChanges): Checked<CheckedTaskChanges> {
  const probe = checkNewTask({
    title: input.title ?? 'unchanged',
    description: input.description,
    priority: input.priority,
    requiresApproval: input.requiresApproval,
    assigneeAgentId: input.assigneeAgentId ?? undefined,
    dependsOn: input.dependsOn,
    dueAt: input.dueAt ?? undefined,
  });
  if (!probe.ok) return probe;
  const value = probe.value;
  const changes: CheckedTaskChanges = {};
  if (input.title !== undefined) changes.title = value.title;
  if (input.description !== undefined) changes.description = value.description;
  if (input.priority !== undefined) changes.priority = value.priority;
  if (input.requiresApproval !== undefined) changes.requiresApproval = value.requiresApproval;
  if (input.assigneeAgentId !== undefined) changes.assigneeAgentId = value.assigneeAgentId;
  if (input.dependsOn !== undefined) changes.dependsOn = value.dependsOn;
  if (input.dueAt !== undefined) changes.dueAt = value.dueAt;
  return { ok: true, value: changes };
}

/** What `claim`, `complete` and `fail` may carry. */
export function transitionDetailIssues(details: { result?: JsonValue; reason?: string; leaseSeconds?: number }): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const lease = details.leaseSeconds;
  if (lease !== undefined && (!Number.isInteger(lease) || lease < 1 || lease > TASK_LIMITS.leaseSeconds)) {
    issues.push({ field: 'lease_seconds', message: `must be an integer from 1 to ${TASK_LIMITS.leaseSeconds}` });
  }
  if (details.reason !== undefined && (typeof details.reason !== 'string' || details.reason.length > TASK_LIMITS.reasonChars)) {
    issues.push({ field: 'reason', message: `must be a string of at most ${TASK_LIMITS.reasonChars} characters` });
  }
  if (details.result !== undefined && utf8Length(JSON.stringify(details.result) ?? '') > TASK_LIMITS.resultBytes) {
    issues.push({ field: 'result', message: `must be at most ${TASK_LIMITS.resultBytes} bytes of JSON` });
  }
  return issues;
}

export function isEntityId(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0 && value.length <= TASK_LIMITS.idChars;
}

function optionalId(issues: FieldIssue[], field: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!isEntityId(value)) issues.push({ field, message: `must be an id of 1 to ${TASK_LIMITS.idChars} characters` });
  return value;
}

function dependencyIds(issues: FieldIssue[], value: string[] | undefined): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every(isEntityId)) {
    issues.push({ field: 'depends_on', message: `must be a list of ids of 1 to ${TASK_LIMITS.idChars} characters` });
    return [];
  }
  const distinct = [...new Set(value)];
  if (distinct.length > TASK_LIMITS.dependencies) {
    issues.push({ field: 'depends_on', message: `must name at most ${TASK_LIMITS.dependencies} tasks` });
  }
  return distinct;
}
