import { Task } from '../../../core/domain/task/task.entity';
import { NewTaskInput, TaskChanges } from '../../../core/domain/task/task.rules';
import { Page } from '../../../core/shared/pagination';
import { TaskCreateRequest, TaskPageResponse, TaskResponse, TaskUpdateRequest } from '../dto/task.dto';

export function toTaskResponse(task: Task): TaskResponse {
  return {
    id: task.id,
    owner_id: task.ownerId,
    goal_id: task.goalId,
    title: task.title,
    description: task.description,
    status: task.status,
    priority: task.priority,
    requires_approval: task.requiresApproval,
    agent_id: task.assigneeAgentId,
    claimed_by: task.claimedBy,
    claimed_by_agent: task.claimedByAgent,
    lease_expires_at: task.leaseExpiresAt?.toISOString() ?? null,
    depends_on: task.dependsOn,
    result: task.result,
    failure_reason: task.failureReason,
    due_at: task.dueAt?.toISOString() ?? null,
    created_at: task.createdAt.toISOString(),
    updated_at: task.updatedAt.toISOString(),
    completed_at: task.completedAt?.toISOString() ?? null,
  };
}

export function toTaskPageResponse(page: Page<Task>): TaskPageResponse {
  return { items: page.items.map(toTaskResponse), total: page.total, page: page.page, page_size: page.pageSize };
}

export function toNewTaskInput(body: TaskCreateRequest): NewTaskInput {
  return {
    title: body.title,
    description: body.description,
    goalId: body.goal_id,
    priority: body.priority,
    requiresApproval: body.requires_approval,
    assigneeAgentId: body.agent_id,
    dependsOn: body.depends_on,
    dueAt: body.due_at,
  };
}

export function toTaskChanges(body: TaskUpdateRequest): TaskChanges {
  return {
    title: body.title,
    description: body.description,
    priority: body.priority,
    requiresApproval: body.requires_approval,
    assigneeAgentId: body.agent_id,
    dependsOn: body.depends_on,
    dueAt: body.due_at,
  };
}
