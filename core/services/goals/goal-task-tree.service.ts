import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { Goal } from '../../domain/goal/goal.entity';
import { Task } from '../../domain/task/task.entity';
import { TaskManager } from '../tasks/task-manager.service';
import { GoalManager } from './goal-manager.service';

/** A goal with all its tasks, oldest first: what `GET /goals/{id}/tasks` shows. */
@injectable()
export class GoalTaskTree {
  constructor(
    @inject(GoalManager) private readonly goals: GoalManager,
    @inject(TaskManager) private readonly tasks: TaskManager,
  ) {}

  async of(actor: Actor, goalId: string): Promise<{ goal: Goal; tasks: Task[] }> {
    const goal = await this.goals.get(actor, goalId);
    return { goal, tasks: await this.tasks.listForGoal(actor, goalId) };
  }
}
