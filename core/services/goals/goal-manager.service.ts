import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { Goal, GOAL_STATUSES, GoalStatus } from '../../domain/goal/goal.entity';
import { GoalConflictError, GoalNotFoundError, GoalValidationError } from '../../domain/goal/goal.errors';
import { checkGoalChanges, checkNewGoal, GoalChanges, NewGoalInput } from '../../domain/goal/goal.rules';
import { goalSettledNotice } from '../../domain/notification/owner-notice';
import { GoalAction, nextGoalStatus } from '../../domain/goal/goal-transitions';
import { CLOCK, Clock } from '../../ports/clock.port';
import { GOAL_REPOSITORY, GoalRepository } from '../../ports/goal-repository.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../ports/unit-of-work.port';
import { ValidationError } from '../../shared/common.errors';
import { summarizeIssues } from '../../shared/issue-summary';
import { offsetOf, Page } from '../../shared/pagination';
import { OwnerNotices } from '../notifications/owner-notices.service';
import { checkPageRequest } from '../tools/page-request';

export type { GoalChanges, NewGoalInput } from '../../domain/goal/goal.rules';
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
    @inject(UNIT_OF_WORK) private readonly unitOfWork: UnitOfWork,
    @inject(OwnerNotices) private readonly notices: OwnerNotices,
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

  /** Admins list everyone's goals, others their own; newest first. `page` from 1, `page_size` 1–100. */
  async list(actor: Actor, page: { page?: number; pageSize?: number }, filter: { status?: GoalStatus } = {}): Promise<Page<Goal>> {
    const { request, issues } = checkPageRequest(page.page, page.pageSize);
    if (filter.status !== undefined && !(GOAL_STATUSES as ReadonlyArray<string>).includes(filter.status)) {
      issues.push({ field: 'status', message: `must be one of ${GOAL_STATUSES.join(', ')}` });
    }
    if (issues.length > 0) throw new ValidationError(summarizeIssues('Invalid goal list request', issues), issues);
    const ownerId = actor.role === 'admin' ? undefined : actor.userId;
    const slice = await this.goals.list({ ownerId, status: filter.status }, offsetOf(request), request.pageSize);
    return { items: slice.items, total: slice.total, page: request.page, pageSize: request.pageSize };
  }

  /** Changes title, description or agent, never the status; `goal.conflict` if the goal changed state meanwhile. */
  async update(actor: Actor, id: string, input: GoalChanges): Promise<Goal> {
    const checked = checkGoalChanges(input);
    if (!checked.ok) throw new GoalValidationError(summarizeIssues('Invalid goal', checked.issues), checked.issues);
    const goal = await this.get(actor, id);
    const changed: Goal = { ...goal, ...checked.value, updatedAt: this.clock.now() };
    if (!(await this.goals.updateIfStatus(changed, goal.status))) throw new GoalConflictError('The goal changed while it was being updated; try again');
    return changed;
  }

  /** `goal.conflict` when the action does not apply to the goal's status, or the goal changed meanwhile. */
  async transition(actor: Actor, id: string, action: GoalAction): Promise<Goal> {
    const goal = await this.get(actor, id);
    const moved: Goal = { ...goal, status: nextGoalStatus(goal.status, action), updatedAt: this.clock.now() };
    // The owner's notice commits with the change it tells of.
    const applied = await this.unitOfWork.run(async () => {
      if (!(await this.goals.updateIfStatus(moved, goal.status))) return false;
      if (moved.status === 'completed' || moved.status === 'failed') await this.notices.post(goalSettledNotice(moved));
      return true;
    });
    if (!applied) {
      throw new GoalConflictError(`The goal changed while it was being ${pastTense(action)}; try again`);
    }
    return moved;
  }
}

function pastTense(action: GoalAction): string {
  return { start: 'started', pause: 'paused', resume: 'resumed', complete: 'completed', fail: 'failed', cancel: 'cancelled' }[action];
}
