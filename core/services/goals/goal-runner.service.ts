import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { Goal } from '../../domain/goal/goal.entity';
import { GoalConflictError } from '../../domain/goal/goal.errors';
import { TaskAction } from '../../domain/task/task-action';
import { awaitsRedoByAgent } from '../../domain/task/task-transitions';
import { Task } from '../../domain/task/task.entity';
import { TaskManager, TransitionDetails } from '../tasks/task-manager.service';
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

  /**
   * A person's move of a task (task-transitions.ts). In an active goal, its run moves on when the
   * task lands where the run can go on from it: pending (released or retried: the run takes it),
   * completed (what waited for it can start), or an agent's work rejected (the run redoes it).
   */
  async transition(actor: Actor, taskId: string, action: TaskAction, details: TransitionDetails = {}): Promise<Task> {
    const task = await this.tasks.transition(actor, taskId, action, details);
    const runCanGoOn = task.status === 'pending' || task.status === 'completed' || awaitsRedoByAgent(task);
    if (task.goalId === null || !runCanGoOn) return task;
    const goal = await this.goals.get(actor, task.goalId);
    if (goal.status === 'active') await this.queue.advance(goal.id);
    return task;
  }
}
