import { TASK_ACTIONS, TaskAction } from './task-action';
import { IllegalTaskTransitionError, TaskConflictError } from './task.errors';
import { Task, TaskStatus } from './task.entity';

export { TASK_ACTIONS } from './task-action';
export type { TaskAction } from './task-action';

/** What a transition needs to know about a task. */
export type TransitionSubject = Pick<Task, 'status' | 'requiresApproval'>;

/** The one status each action starts from (decisions.md, "Task states"). */
const FROM: Record<TaskAction, TaskStatus> = {
  claim: 'pending',
  release: 'claimed',
  complete: 'claimed',
  fail: 'claimed',
  approve: 'awaiting_approval',
  reject: 'awaiting_approval',
  retry: 'failed',
};

const TO: Record<TaskAction, (task: TransitionSubject) => TaskStatus> = {
  claim: () => 'claimed',
  release: () => 'pending',
  complete: (task) => (task.requiresApproval ? 'awaiting_approval' : 'completed'),
  fail: () => 'failed',
  approve: () => 'completed',
  reject: () => 'claimed',
  retry: () => 'pending',
};

/** Whether `action` applies to a task in `status`. */
export function isLegalTaskAction(status: TaskStatus, action: TaskAction): boolean {
  return FROM[action] === status;
}

/** The status `action` moves the task to; `IllegalTaskTransitionError` (a `task.conflict`) when it does not apply. */
export function nextStatus(task: TransitionSubject, action: TaskAction): TaskStatus {
  if (!isLegalTaskAction(task.status, action)) throw new IllegalTaskTransitionError(action, task.status);
  return TO[action](task);
}

/**
 * The one action that moves a task from `from` to `to`, if any. Both `completed` and
 * `awaiting_approval` from `claimed` map to `complete`: where it lands depends on the
 * task's `requiresApproval` (check with `nextStatus`).
 */
export function actionTowards(from: TaskStatus, to: TaskStatus): TaskAction | undefined {
  return TASK_ACTIONS.find(
    (action) => FROM[action] === from && [false, true].some((requiresApproval) => TO[action]({ status: from, requiresApproval }) === to),
  );
}

/**
 * The action that moves `task` to `status` (what `TaskManager.moveTo` applies), or a
 * `TaskConflictError` naming where the task can go instead. `completed` from `claimed` is
 * `complete`, which may land in `awaiting_approval`; any other target must be reached exactly.
 */
export function moveAction(task: TransitionSubject, status: TaskStatus): TaskAction {
  const action = actionTowards(task.status, status);
  if (action && (status === 'completed' || TO[action](task) === status)) return action;
  const reachable = reachableStatuses(task);
  const options = reachable.length > 0 ? `it can move to ${reachable.join(', ')}` : `${task.status} is final`;
  throw new TaskConflictError(`Cannot move a task that is ${task.status} to ${status}: ${options}`);
}

/** The statuses this task can move to next, in action order. */
export function reachableStatuses(task: TransitionSubject): TaskStatus[] {
  return TASK_ACTIONS.filter((action) => FROM[action] === task.status).map((action) => TO[action](task));
}

/** A dependency blocks its dependents until it is completed. */
export function isFinished(task: Pick<Task, 'status'>): boolean {
  return task.status === 'completed';
}

/**
 * An agent's work that was rejected: claimed for an agent's run (`claimedByAgent`) but held by no run
 * (no lease, which a running TaskExecutor always keeps). The claimer is the agent, so an agent
 * redoes it: a goal's run takes it again.
 */
export function awaitsRedoByAgent(task: Pick<Task, 'status' | 'claimedByAgent' | 'leaseExpiresAt'>): boolean {
  return task.status === 'claimed' && task.claimedByAgent && task.leaseExpiresAt === null;
}
