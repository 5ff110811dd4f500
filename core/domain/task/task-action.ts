export const TASK_ACTIONS = ['claim', 'release', 'complete', 'fail', 'approve', 'reject', 'retry'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];
