import { Goal, GOAL_STATUSES, GoalStatus } from '../../../../core/domain/goal/goal.entity';
import { GoalOrmEntity } from '../entities/goal.orm-entity';

export function toGoalRow(goal: Goal): GoalOrmEntity {
  return {
    id: goal.id,
    ownerId: goal.ownerId,
    title: goal.title,
    description: goal.description,
    status: goal.status,
    agentId: goal.agentId ?? '',
    createdAt: goal.createdAt,
    updatedAt: goal.updatedAt,
  };
}

export function toGoal(row: GoalOrmEntity): Goal {
  return {
    id: row.id,
    ownerId: row.ownerId,
    title: row.title,
    description: row.description,
    status: toStatus(row.status),
    agentId: row.agentId || null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toStatus(value: string): GoalStatus {
  const status = GOAL_STATUSES.find((known) => known === value);
  if (!status) throw new Error('goals.status holds an unknown status');
  return status;
}
