import { token } from '../../shared/token';

export interface TaskRunSettings {
  /** The lease a task is executed under, renewed every third of it while the run goes on (`TASK_RUN_LEASE_SECONDS`). */
  leaseSeconds: number;
}

export const DEFAULT_TASK_RUN_SETTINGS: TaskRunSettings = { leaseSeconds: 60 };

export const TASK_RUN_SETTINGS = token<TaskRunSettings>('TaskRunSettings');
