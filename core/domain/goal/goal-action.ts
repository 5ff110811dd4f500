export const GOAL_ACTIONS = ['start', 'pause', 'resume', 'complete', 'fail', 'cancel'] as const;
export type GoalAction = (typeof GOAL_ACTIONS)[number];
