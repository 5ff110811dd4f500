import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { Goal } from '../../domain/goal/goal.entity';
import { GoalConflictError } from '../../domain/goal/goal.errors';
import { Task } from '../../domain/task/task.entity';
import { TaskManager } from '../tasks/task-manager.service';
import { GoalManager } from './goal-manager.service';
import { GoalPlanner } from './goal-planner.service';
import { GoalRunQueue } from './goal-run-queue.service';

/**
 * `execute-async` and what resumes a parked run. A draft goal is decomposed first when it has no
 * tasks, then started (decisions.md); an active one is asked to move on. The work happens in
 * `goal.advance` jobs (goal-advance.handler.ts), on whichever worker takes them.
 */
@injectable()
export class GoalRunner {
  constructor(
    @inject(GoalManager) private readonly goals: GoalManager,
    @inject(GoalPlanner) private readonly planner: GoalPlanner,
    @inject(TaskManager) private readonly tasks: TaskManager,
    @inject(GoalRunQueue) private readonly queue: GoalRunQueue,
  ) {}

  /** The goal as it stands once its run is queued; `goal.conflict` unless it is a draft or active. */
  async executeAsync(actor: Actor, goalId: string): Promise<Goal> {
    let goal = await this.goals.get(actor, goalId);
    if (goal.status === 'draft') {
      if ((await this.tasks.listForGoal(actor, goalId)).length === 0) await this.planner.decompose(actor, goalId);
      goal = await this.goals.transition(actor, goalId, 'start');
    }
    if (goal.status !== 'active') throw new GoalConflictError(`Cannot execute a goal that is ${goal.status}`);
    await this.queue.advance(goal.id);
    return goal;
  }

  /** Approves a task; in a goal, its run moves on (what waited for the approval can start). */
  async approve(actor: Actor, taskId: string): Promise<Task> {
    return this.moved(await this.tasks.transition(actor, taskId, 'approve'));
  }

  /** Retries a failed task; in a goal, its run moves on (the task runs again). */
  async retry(actor: Actor, taskId: string): Promise<Task> {
    return this.moved(await this.tasks.transition(actor, taskId, 'retry'));
  }

  private async moved(task: Task): Promise<Task> {
    if (task.goalId !== null) await this.queue.advance(task.goalId);
    return task;
  }
}
