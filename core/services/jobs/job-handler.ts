import { Job } from '../../ports/job-queue.port';
import { token } from '../../shared/token';

/** A use case run for every job of one type; it must be idempotent on `job.id`. */
export interface JobHandler {
  readonly type: string;
  handle(job: Job): Promise<void>;
}

/** Multi-bound: every handler the worker serves. */
export const JOB_HANDLER = token<JobHandler>('JobHandler');
