import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { Goal, GoalStatus } from '../../domain/goal/goal.entity';
import { GoalConflictError, GoalNotFoundError, GoalValidationError } from '../../domain/goal/goal.errors';
import { checkNewGoal, NewGoalInput } from '../../domain/goal/goal.rules';
import { GoalAction, nextGoalStatus } from '../../domain/goal/goal-transitions';
import { CLOCK, Clock } from '../../ports/clock.port';
import { GOAL_REPOSITORY, GoalRepository } from '../../ports/goal-repository.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { summarizeIssues } from '../../shared/issue-summary';
import { offsetOf, Page, PageRequest } from '../../shared/pagination';

export type { NewGoalInput } from '../../domain/goal/goal.rules';
export type { GoalAction } from '../../domain/goal/goal-transitions';

/**
 * Creates goals and moves them through their states (goal-transitions.ts). Goals are their
 * owner's; admins see every one; another user's goal is reported as missing (no enumeration).
 */
@injectable()
export class GoalManager {
  constructor(
    @inject(GOAL_REPOSITORY) private readonly goals: GoalRepository,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(actor: Actor, input: NewGoalInput): Promise<Goal> {
    const checked = checkNewGoal(input);
    if (!checked.ok) throw new GoalValidationError(summarizeIssues('Invalid goal', checked.issues), checked.issues);
    const now = this.clock.now();
    const goal: Goal = { id: this.ids.uuid(), ownerId: actor.userId, ...checked.value, status: 'draft', createdAt: now, updatedAt: now };
    await this.goals.create(goal);
    return goal;
  }

  async get(actor: Actor, id: string): Promise<Goal> {
    const goal = await this.goals.findById(id);
    if (!goal || !can(actor, 'read', goal)) throw new GoalNotFoundError(id);
    return goal;
  }

  /** Admins list everyone's goals, others their own; newest first. */
  async list(actor: Actor, page: PageRequest, filter: { status?: GoalStatus } = {}): Promise<Page<Goal>> {
    const ownerId = actor.role === 'admin' ? undefined : actor.userId;
    const slice = await this.goals.list({ ownerId, status: filter.status }, offsetOf(page), page.pageSize);
    return { items: slice.items, total: slice.total, page: page.page, pageSize: page.pageSize };
  }

  /** `goal.conflict` when the action does not apply to the goal's status, or the goal changed meanwhile. */
  async transition(actor: Actor, id: string, action: GoalAction): Promise<Goal> {
    const goal = await this.get(actor, id);
    const moved: Goal = { ...goal, status: nextGoalStatus(goal.status, action), updatedAt: this.clock.now() };
    if (!(await this.goals.updateIfStatus(moved, goal.status))) {
      throw new GoalConflictError(`The goal changed while it was being ${pastTense(action)}; try again`);
    }
    return moved;
  }
}

function pastTense(action: GoalAction): string {
  return { start: 'started', pause: 'paused', resume: 'resumed', complete: 'completed', fail: 'failed', cancel: 'cancelled' }[action];
}
