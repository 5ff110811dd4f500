import { inject, injectable } from 'inversify';
import { JOB_QUEUE, JobQueue } from '../../ports/job-queue.port';

/** The job that moves an active goal's run on (goal-advance.handler.ts). */
export const GOAL_ADVANCE_JOB = 'goal.advance';

export interface GoalAdvancePayload {
  goalId: string;
}

/** Asks a worker to move a goal's run on; many asks for one goal are harmless (the handler works from the stored state). */
@injectable()
export class GoalRunQueue {
  constructor(@inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  async advance(goalId: string): Promise<void> {
    const payload: GoalAdvancePayload = { goalId };
    await this.queue.publish(GOAL_ADVANCE_JOB, { ...payload });
  }
}
