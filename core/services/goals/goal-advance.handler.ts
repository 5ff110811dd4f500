import { inject, injectable } from 'inversify';
import { AgentNotFoundError } from '../../domain/agent/agent.errors';
import { Actor } from '../../domain/auth/actor';
import { GoalConflictError } from '../../domain/goal/goal.errors';
import { awaitsRedoByAgent } from '../../domain/task/task-transitions';
import { Task } from '../../domain/task/task.entity';
import { TaskConflictError } from '../../domain/task/task.errors';
import { GOAL_REPOSITORY, GoalRepository } from '../../ports/goal-repository.port';
import { CLOCK, Clock } from '../../ports/clock.port';
import { Job } from '../../ports/job-queue.port';
import { TIMERS, Timers } from '../../ports/timers.port';
import { JobHandler } from '../jobs/job-handler';
import { TaskExecutor } from '../tasks/task-executor.service';
import { TaskManager } from '../tasks/task-manager.service';
import { GoalManager } from './goal-manager.service';
import { GOAL_ADVANCE_JOB, GoalAdvancePayload } from './goal-run-queue.service';

/** Runs of one task per advance, the first included: a failed run is retried once before the goal fails. */
export const TASK_RUN_ATTEMPTS = 2;

/** Past a lease's end before looking again: the next read returns the lapsed task to pending. */
const LEASE_MARGIN_MS = 50;

/**
 * Moves an active goal's run on (`goal.advance`), as the goal's owner, from the stored state only,
 * so a redelivery or a second worker on the same goal is harmless:
 *
 * - every task completed: the goal is `completed`; a task that stays `failed`: the goal is `failed`
 *   (the owner is notified of both);
 * - else each available task (pending, dependencies completed) is executed by its agent
 *   (TaskExecutor, exclusive: only a pending task is claimed, under a lease, so two workers never
 *   run one task although both act as the owner, and one that died gives it back), retried up to
 *   TASK_RUN_ATTEMPTS runs, and the goal is looked at again; a task whose agent the owner cannot
 *   use fails at once, naming the agent;
 * - nothing available while another worker runs a task under its lease: wait until that lease's end
 *   (renewed while the run goes on; lapsed when its worker died, and the task is pending again);
 * - an agent's work the owner rejected (claimed for an agent, held by no run) is given back to
 *   pending first, so it runs again like any available task;
 * - nothing available otherwise: the run is parked (tasks awaiting approval, or claimed by hand)
 *   until an approval, a retry, a rejection of an agent's result or another `execute-async` asks again.
 *
 * A goal that is not active (paused, cancelled, finished) is left alone.
 */
@injectable()
export class GoalAdvanceHandler implements JobHandler {
  readonly type = GOAL_ADVANCE_JOB;

  constructor(
    @inject(GOAL_REPOSITORY) private readonly goalRecords: GoalRepository,
    @inject(GoalManager) private readonly goals: GoalManager,
    @inject(TaskManager) private readonly tasks: TaskManager,
    @inject(TaskExecutor) private readonly executor: TaskExecutor,
    @inject(TIMERS) private readonly timers: Timers,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(job: Job): Promise<void> {
    const { goalId } = job.payload as unknown as GoalAdvancePayload;
    for (;;) {
      const goal = await this.goalRecords.findById(goalId);
      if (!goal || goal.status !== 'active') return;
      const owner: Actor = { userId: goal.ownerId, role: 'user' };
      const tasks = await this.tasks.listForGoal(owner, goalId);
      if (tasks.length > 0 && tasks.every((task) => task.status === 'completed')) return this.settle(owner, goalId, 'complete');
      if (tasks.some((task) => task.status === 'failed')) return this.settle(owner, goalId, 'fail');
      for (const task of tasks.filter(awaitsRedoByAgent)) await this.giveBack(owner, task);
      const available = await this.tasks.available(owner, goalId);
      let ran = false;
      for (const task of available) ran = (await this.run(owner, task)) || ran;
      if (ran) continue;
      // Nothing to run here. Runs held elsewhere under a lease end or lapse (a dead worker): wait for
      // the earliest lease, then look again. Else the run is parked (approvals, claims by hand).
      const leases = tasks.flatMap((task) => (task.status === 'claimed' && task.leaseExpiresAt ? [task.leaseExpiresAt.getTime()] : []));
      if (leases.length === 0) return;
      await this.timers.sleep(Math.max(0, Math.min(...leases) - this.clock.now().getTime()) + LEASE_MARGIN_MS);
    }
  }

  /** Whether this worker ran the task (false when another one holds it). */
  private async run(owner: Actor, task: Task): Promise<boolean> {
    for (let attempt = 1; attempt <= TASK_RUN_ATTEMPTS; attempt += 1) {
      try {
        const ran = await this.executor.execute(owner, task.id, { exclusive: true });
        if (ran.status !== 'failed' || attempt === TASK_RUN_ATTEMPTS) return true;
        await this.tasks.transition(owner, task.id, 'retry');
      } catch (error) {
        // Another worker took the task, or it changed meanwhile: the state decides on the next look.
        if (error instanceof TaskConflictError) return attempt > 1;
        if (error instanceof AgentNotFoundError) return this.failWithoutAgent(owner, task, error);
        throw error;
      }
    }
    return true;
  }

  /**
   * An agent's rejected work goes back to pending, where the run takes it like any other task (the
   * claim is taken exclusively there; of two workers giving it back, one does and one is refused).
   */
  private async giveBack(owner: Actor, task: Task): Promise<void> {
    try {
      await this.tasks.transition(owner, task.id, 'release');
    } catch (error) {
      if (!(error instanceof TaskConflictError)) throw error;
    }
  }

  /**
   * The task names an agent its owner cannot use (deleted, stopped, or another user's and no longer
   * deployed): no retry helps, so the task fails and says why, and with it the goal, rather than the
   * job failing until the queue gives it up with the task still pending.
   */
  private async failWithoutAgent(owner: Actor, task: Task, error: AgentNotFoundError): Promise<boolean> {
    try {
      await this.tasks.transition(owner, task.id, 'claim', { renew: false });
      const reason = `${error.message}: assign the task an agent you can use, then retry it`;
      await this.tasks.transition(owner, task.id, 'fail', { reason });
      return true;
    } catch (conflict) {
      if (conflict instanceof TaskConflictError) return false;
      throw conflict;
    }
  }

  private async settle(owner: Actor, goalId: string, action: 'complete' | 'fail'): Promise<void> {
    try {
      await this.goals.transition(owner, goalId, action);
    } catch (error) {
      // Settled by another worker, or paused or cancelled meanwhile.
      if (!(error instanceof GoalConflictError)) throw error;
    }
  }
}
