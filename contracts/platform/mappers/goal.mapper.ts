import { Goal } from '../../../core/domain/goal/goal.entity';
import { GoalChanges, NewGoalInput } from '../../../core/domain/goal/goal.rules';
import { Task } from '../../../core/domain/task/task.entity';
import { Page } from '../../../core/shared/pagination';
import { GoalInteraction } from '../../../core/services/goals/goal-conversation.service';
import { GoalDecomposition } from '../../../core/services/goals/goal-planner.service';
import {
  GoalInteractionResponse,
  GoalCreateRequest,
  GoalDecompositionResponse,
  GoalPageResponse,
  GoalResponse,
  GoalTaskTreeResponse,
  GoalUpdateRequest,
} from '../dto/goal.dto';
import { toTaskResponse } from './task.mapper';

export function toGoalResponse(goal: Goal): GoalResponse {
  return {
    id: goal.id,
    owner_id: goal.ownerId,
    title: goal.title,
    description: goal.description,
    status: goal.status,
    agent_id: goal.agentId,
    created_at: goal.createdAt.toISOString(),
    updated_at: goal.updatedAt.toISOString(),
  };
}

export function toGoalPageResponse(page: Page<Goal>): GoalPageResponse {
  return { items: page.items.map(toGoalResponse), total: page.total, page: page.page, page_size: page.pageSize };
}

export function toGoalTaskTreeResponse(goal: Goal, tasks: Task[]): GoalTaskTreeResponse {
  return { goal: toGoalResponse(goal), tasks: tasks.map(toTaskResponse) };
}

export function toNewGoalInput(body: GoalCreateRequest): NewGoalInput {
  return { title: body.title, description: body.description, agentId: body.agent_id };
}

export function toGoalChanges(body: GoalUpdateRequest): GoalChanges {
  return { title: body.title, description: body.description, agentId: body.agent_id };
}

export function toGoalDecompositionResponse(decomposition: GoalDecomposition): GoalDecompositionResponse {
  return {
    goal: toGoalResponse(decomposition.goal),
    summary: decomposition.summary,
    tasks: decomposition.tasks.map(toTaskResponse),
    removed_task_ids: decomposition.removedTaskIds,
  };
}

export function toGoalInteractionResponse(interaction: GoalInteraction): GoalInteractionResponse {
  return { reply: interaction.reply, changes: interaction.changes.map((change) => ({ action: change.action, task: toTaskResponse(change.task) })) };
}
