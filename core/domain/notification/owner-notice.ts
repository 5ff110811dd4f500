import { Goal } from '../goal/goal.entity';
import { Task } from '../task/task.entity';
import { JsonObject } from '../../shared/json';

/** What the owner of a task or goal is told (decisions.md: awaiting approval, task failed, goal completed or failed). */
export interface OwnerNotice {
  userId: string;
  title: string;
  message: string;
  data: JsonObject;
}

/** Longest failure reason quoted in a notice; the task keeps the whole reason. */
const QUOTED_REASON_CHARS = 500;

export function taskAwaitingApprovalNotice(task: Task): OwnerNotice {
  return {
    userId: task.ownerId,
    title: 'Task awaiting approval',
    message: `"${task.title}" is done and waits for your approval.`,
    data: { kind: 'task.awaiting_approval', task_id: task.id, goal_id: task.goalId },
  };
}

export function taskFailedNotice(task: Task): OwnerNotice {
  const reason = task.failureReason ? `: ${task.failureReason.slice(0, QUOTED_REASON_CHARS)}` : '.';
  return {
    userId: task.ownerId,
    title: 'Task failed',
    message: `"${task.title}" failed${reason}`,
    data: { kind: 'task.failed', task_id: task.id, goal_id: task.goalId },
  };
}

export function goalSettledNotice(goal: Goal): OwnerNotice {
  const outcome = goal.status === 'completed' ? 'completed' : 'failed';
  return {
    userId: goal.ownerId,
    title: outcome === 'completed' ? 'Goal completed' : 'Goal failed',
    message: `"${goal.title}" ${outcome}.`,
    data: { kind: `goal.${outcome}`, goal_id: goal.id },
  };
}
