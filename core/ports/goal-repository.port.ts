import { Goal, GoalStatus } from '../domain/goal/goal.entity';
import { token } from '../shared/token';

export interface GoalFilter {
  /** Only this owner's goals; every owner's when absent. */
  ownerId?: string;
  status?: GoalStatus;
}

export interface GoalSlice {
  /** Newest first. */
  items: Goal[];
  total: number;
}

/** Users' goals. Visibility is the caller's business: every method sees every owner. */
export interface GoalRepository {
  findById(id: string): Promise<Goal | undefined>;
  create(goal: Goal): Promise<void>;
  /**
   * Writes every field but `id`, `ownerId` and `createdAt`, only if the stored goal is still in
   * `expectedStatus`. False when it is not (a concurrent change) or the goal is gone.
   */
  updateIfStatus(goal: Goal, expectedStatus: GoalStatus): Promise<boolean>;
  list(filter: GoalFilter, offset: number, limit: number): Promise<GoalSlice>;
}

export const GOAL_REPOSITORY = token<GoalRepository>('GoalRepository');
