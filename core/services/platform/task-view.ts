import { Task } from '../../domain/task/task.entity';
import { TaskStateView, TaskView } from '../../ports/platform-gateway.port';
import { isoOrNull } from './view-values';

export function taskView(task: Task): TaskView {
  return {
    id: task.id,
    goal_id: task.goalId,
    title: task.title,
    description: task.description,
    status: task.status,
    priority: task.priority,
    requires_approval: task.requiresApproval,
    depends_on: [...task.dependsOn],
    due_at: isoOrNull(task.dueAt),
    created_at: task.createdAt.toISOString(),
  };
}

/** After a move, the outcome matters too. */
export function taskStateView(task: Task): TaskStateView {
  return { ...taskView(task), result: task.result, failure_reason: task.failureReason, completed_at: isoOrNull(task.completedAt) };
}
