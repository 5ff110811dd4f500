export const GOAL_STATUSES = ['draft', 'active', 'paused', 'completed', 'failed', 'cancelled'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/** Something a user wants achieved, broken into tasks; its status follows goal-transitions.ts. */
export interface Goal {
  /** UUID. */
  id: string;
  ownerId: string;
  title: string;
  description: string;
  status: GoalStatus;
  /** The agent that pursues the goal, if one is bound. */
  agentId: string | null;
  createdAt: Date;
  updatedAt: Date;
}
