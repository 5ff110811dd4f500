import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { Goal } from '../../domain/goal/goal.entity';
import { GoalNotFoundError } from '../../domain/goal/goal.errors';
import { TASK_ACTIONS, TaskAction } from '../../domain/task/task-action';
import { isFinished, isLegalTaskAction, moveAction, nextStatus } from '../../domain/task/task-transitions';
import { Task, TASK_STATUSES, TaskStatus } from '../../domain/task/task.entity';
import { IllegalTaskTransitionError, TaskConflictError, TaskNotFoundError, TaskValidationError } from '../../domain/task/task.errors';
import { checkNewTask, checkTaskChanges, NewTaskInput, TaskChanges, transitionDetailIssues } from '../../domain/task/task.rules';
import { taskAwaitingApprovalNotice, taskFailedNotice } from '../../domain/notification/owner-notice';
import { CLOCK, Clock } from '../../ports/clock.port';
import { GOAL_REPOSITORY, GoalRepository } from '../../ports/goal-repository.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { TASK_REPOSITORY, TaskRepository } from '../../ports/task-repository.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../ports/unit-of-work.port';
import { FieldIssue } from '../../shared/domain-error';
import { summarizeIssues } from '../../shared/issue-summary';
import { JsonValue } from '../../shared/json';
import { ValidationError } from '../../shared/common.errors';
import { offsetOf, Page } from '../../shared/pagination';
import { OwnerNotices } from '../notifications/owner-notices.service';
import { checkPageRequest } from '../tools/page-request';
import { cycleIssues } from './task-cycle-issues';
import { dependencyIssues } from './task-dependency-issues';

export type { NewTaskInput, TaskChanges } from '../../domain/task/task.rules';
export type { TaskAction } from '../../domain/task/task-action';

export interface TransitionDetails {
  /** Kept on `complete`. */
  result?: JsonValue;
  /** Kept on `fail`. */
  reason?: string;
  /** On `claim`: the claim lapses after this many seconds unless claimed again; no lease when absent. */
  leaseSeconds?: number;
  /**
   * On `claim`: false takes only a pending task, never renews a claim, even the actor's own. For
   * workers that all act as one user (a goal's run), where the same user holding the task means
   * another worker is running it.
   */
  renew?: boolean;
  /**
   * On `claim`: the claimer is an agent's run (TaskExecutor), so a rejected result is redone by an
   * agent. Counts only with a lease: an agent's claim held by no run is how its rejected work reads.
   */
  byAgent?: boolean;
}

/** Blockers named in a conflict message; the rest are counted. */
const NAMED_BLOCKERS = 5;

/**
 * Creates tasks and moves them through their states (task-transitions.ts). A task is its
 * owner's (inside a goal: the goal's owner's); admins see every one; another user's task is
 * reported as missing. Every state change is a conditional update on the status it was read
 * in, so of two simultaneous changes exactly one wins and the other is a `task.conflict`.
 * Lapsed leases are returned to `pending` in storage before every read, so every process sees
 * the same board (and the expiry sweep does it when nobody reads).
 */
@injectable()
export class TaskManager {
  constructor(
    @inject(TASK_REPOSITORY) private readonly tasks: TaskRepository,
    @inject(GOAL_REPOSITORY) private readonly goals: GoalRepository,
    @inject(UNIT_OF_WORK) private readonly unitOfWork: UnitOfWork,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(OwnerNotices) private readonly notices: OwnerNotices,
  ) {}

  async create(actor: Actor, input: NewTaskInput): Promise<Task> {
    const checked = checkNewTask(input);
    if (!checked.ok) throw invalid(checked.issues);
    const value = checked.value;
    // One transaction: the goal and the dependencies are read where the task is written.
    return this.unitOfWork.run(async () => {
      const goal = value.goalId === null ? undefined : await this.goalForNewTask(actor, value.goalId);
      const id = this.ids.uuid();
      const ownerId = goal?.ownerId ?? actor.userId;
      const found = await this.tasks.findByIds(value.dependsOn);
      const issues = dependencyIssues(actor, { id, ownerId, goalId: value.goalId }, value.dependsOn, found);
      if (issues.length > 0) throw invalid(issues);
      const now = this.clock.now();
      const task: Task = {
        id,
        ownerId,
        ...value,
        status: 'pending',
        claimedBy: null,
        claimedByAgent: false,
        leaseExpiresAt: null,
        result: null,
        failureReason: null,
        createdAt: now,
        updatedAt: now,
        completedAt: null,
      };
      await this.tasks.create(task);
      return task;
    });
  }

  async get(actor: Actor, id: string): Promise<Task> {
    await this.tasks.returnExpiredLeases(this.clock.now());
    const task = await this.tasks.findById(id);
    if (!task || !can(actor, 'read', task)) throw new TaskNotFoundError(id);
    return task;
  }

  /** Admins list everyone's tasks, others their own; newest first. `page` from 1, `page_size` 1–100. */
  async list(actor: Actor, page: { page?: number; pageSize?: number }, filter: { goalId?: string; status?: TaskStatus } = {}): Promise<Page<Task>> {
    const { request, issues } = checkPageRequest(page.page, page.pageSize);
    if (filter.status !== undefined && !(TASK_STATUSES as ReadonlyArray<string>).includes(filter.status)) {
      issues.push({ field: 'status', message: `must be one of ${TASK_STATUSES.join(', ')}` });
    }
    if (issues.length > 0) throw new ValidationError(summarizeIssues('Invalid task list request', issues), issues);
    await this.tasks.returnExpiredLeases(this.clock.now());
    const ownerId = actor.role === 'admin' ? undefined : actor.userId;
    const slice = await this.tasks.list({ ...filter, ownerId }, offsetOf(request), request.pageSize);
    return { items: slice.items, total: slice.total, page: request.page, pageSize: request.pageSize };
  }

  /**
   * Changes what PUT may change (task.rules.ts `TaskChanges`), never the status. New dependencies
   * follow the rules of creation and may not close a cycle (`task.validation`), also when another
   * change of the same goal's dependencies runs at the same time: the two take turns. The task must
   * not change state meanwhile (`task.conflict`).
   */
  async update(actor: Actor, id: string, input: TaskChanges): Promise<Task> {
    const checked = checkTaskChanges(input);
    if (!checked.ok) throw invalid(checked.issues);
    const { dependsOn, ...fields } = checked.value;
    // Owner and goal never change, so the graph to lock is known before the transaction starts.
    const graph = dependsOn === undefined ? undefined : await this.get(actor, id);
    return this.unitOfWork.run(async () => {
      if (graph) await this.tasks.lockDependencyGraph(graph);
      const task = await this.get(actor, id);
      if (dependsOn !== undefined) await this.refuseDependencies(actor, task, dependsOn);
      const changed: Task = { ...task, ...fields, dependsOn: dependsOn ?? task.dependsOn, updatedAt: this.clock.now() };
      if (!(await this.tasks.updateIfStatus(changed, task.status))) throw new TaskConflictError('The task changed while it was being updated; try again');
      if (dependsOn !== undefined) await this.tasks.replaceDependencies(id, dependsOn);
      return changed;
    });
  }

  /** Deletes the task; `task.conflict` while other tasks depend on it (delete or change those first). */
  async delete(actor: Actor, id: string): Promise<void> {
    await this.unitOfWork.run(async () => {
      const task = await this.get(actor, id);
      const dependants = await this.tasks.countDependants(task.id);
      if (dependants > 0) throw new TaskConflictError(`Cannot delete a task that ${dependants} other task(s) depend on`);
      if (!(await this.tasks.delete(task.id))) throw new TaskNotFoundError(id);
    });
  }

  /**
   * Applies `action` (task-transitions.ts). `task.conflict` when it does not apply to the task's
   * status, when `claim` or `complete` meets an unfinished dependency, or when the task changed meanwhile.
   */
  async transition(actor: Actor, id: string, action: TaskAction, details: TransitionDetails = {}): Promise<Task> {
    if (!(TASK_ACTIONS as ReadonlyArray<string>).includes(action)) {
      throw invalid([{ field: 'action', message: `must be one of ${TASK_ACTIONS.join(', ')}` }]);
    }
    return this.apply(actor, await this.get(actor, id), action, details);
  }

  /**
   * Moves the task to `status` by the one action that leads there (`completed` from `claimed` is
   * `complete`, which lands in `awaiting_approval` when the task requires approval).
   */
  async moveTo(actor: Actor, id: string, status: TaskStatus, details: TransitionDetails = {}): Promise<Task> {
    if (!(TASK_STATUSES as ReadonlyArray<string>).includes(status)) {
      throw invalid([{ field: 'status', message: `must be one of ${TASK_STATUSES.join(', ')}` }]);
    }
    const task = await this.get(actor, id);
    const action = moveAction(task, status);
    return this.apply(actor, task, action, details);
  }

  /** The unfinished tasks this one depends on. */
  async blockers(actor: Actor, id: string): Promise<Task[]> {
    return this.tasks.blockers(await this.get(actor, id));
  }

  /** Every task of a goal the actor may see, oldest first. */
  async listForGoal(actor: Actor, goalId: string): Promise<Task[]> {
    await this.visibleGoal(actor, goalId);
    await this.tasks.returnExpiredLeases(this.clock.now());
    return this.tasks.listByGoal(goalId);
  }

  /** The goal's pending tasks whose dependencies are all completed: what can be claimed now. */
  async available(actor: Actor, goalId: string): Promise<Task[]> {
    const tasks = await this.listForGoal(actor, goalId);
    // Dependencies share the goal, so the goal's own list settles every one of them.
    const finished = new Set(tasks.filter(isFinished).map((task) => task.id));
    return tasks.filter((task) => task.status === 'pending' && task.dependsOn.every((id) => finished.has(id)));
  }

  private async apply(actor: Actor, task: Task, action: TaskAction, details: TransitionDetails): Promise<Task> {
    const issues = transitionDetailIssues(details);
    if (issues.length > 0) throw invalid(issues);
    const renewal = action === 'claim' && details.renew !== false && task.status === 'claimed' && task.claimedBy === actor.userId;
    if (renewal) return this.renew(task, details);
    const status = nextStatus(task, action);
    if (action === 'claim' || action === 'complete') await this.refuseWhileBlocked(task, action);
    const now = this.clock.now();
    const changed: Task = { ...task, ...changesOf(actor, action, details, now), status, updatedAt: now };
    if (status === 'completed') changed.completedAt = changed.updatedAt;
    // The notice commits with the change it tells of.
    const moved = await this.unitOfWork.run(async () => {
      if (!(await this.tasks.updateIfStatus(changed, task.status))) return false;
      if (status === 'awaiting_approval') await this.notices.post(taskAwaitingApprovalNotice(changed));
      if (status === 'failed') await this.notices.post(taskFailedNotice(changed));
      return true;
    });
    if (moved) return changed;
    throw await this.lostRace(task, action);
  }

  /**
   * The claimer claims again: a new lease from now (none when `leaseSeconds` is absent). Whoever
   * claims last holds the task: an agent's run taking over a task its user holds makes the claim an
   * agent's, the user claiming it again makes it theirs.
   */
  private async renew(task: Task, details: TransitionDetails): Promise<Task> {
    const now = this.clock.now();
    const renewed: Task = { ...task, claimedByAgent: isAgentClaim(details), leaseExpiresAt: leaseEnd(now, details.leaseSeconds), updatedAt: now };
    if (await this.tasks.updateIfStatus(renewed, 'claimed')) return renewed;
    throw await this.lostRace(task, 'claim');
  }

  /** `task.validation` when `dependsOn` breaks the rules of creation or would close a cycle through `task`. */
  private async refuseDependencies(actor: Actor, task: Task, dependsOn: string[]): Promise<void> {
    const found = await this.tasks.findByIds(dependsOn);
    const issues = dependencyIssues(actor, task, dependsOn, found);
    if (issues.length === 0) issues.push(...(await cycleIssues(task.id, found, (ids) => this.tasks.findByIds(ids))));
    if (issues.length > 0) throw invalid(issues);
  }

  private async refuseWhileBlocked(task: Task, action: TaskAction): Promise<void> {
    const blockers = await this.tasks.blockers(task);
    if (blockers.length === 0) return;
    const named = blockers.slice(0, NAMED_BLOCKERS).map((blocker) => `"${blocker.title}" (${blocker.id}, ${blocker.status})`);
    const more = blockers.length > NAMED_BLOCKERS ? ` and ${blockers.length - NAMED_BLOCKERS} more` : '';
    throw new TaskConflictError(`Cannot ${action} a task while a task it depends on is unfinished: ${named.join(', ')}${more}`);
  }

  /** Explains why the conditional update matched nothing, reading the task as it is now. */
  private async lostRace(task: Task, action: TaskAction): Promise<Error> {
    const current = await this.tasks.findById(task.id);
    if (!current) return new TaskNotFoundError(task.id);
    if (!isLegalTaskAction(current.status, action)) return new IllegalTaskTransitionError(action, current.status);
    return new TaskConflictError(`The task changed while it was being updated; try to ${action} it again`);
  }

  /** The goal a new task goes into: visible to the actor and not cancelled. */
  private async goalForNewTask(actor: Actor, goalId: string): Promise<Goal> {
    const goal = await this.goals.findById(goalId);
    if (!goal || !can(actor, 'read', goal)) throw invalid([{ field: 'goal_id', message: `goal "${goalId}" does not exist` }]);
    if (goal.status === 'cancelled') throw new TaskConflictError('Cannot add a task to a goal that is cancelled');
    return goal;
  }

  private async visibleGoal(actor: Actor, goalId: string): Promise<Goal> {
    const goal = await this.goals.findById(goalId);
    if (!goal || !can(actor, 'read', goal)) throw new GoalNotFoundError(goalId);
    return goal;
  }
}

/**
 * What each action sets besides the status: who holds the task, until when, what it produced,
 * why it failed. A lease belongs to a claim: every other action ends it.
 */
function changesOf(actor: Actor, action: TaskAction, details: TransitionDetails, now: Date): Partial<Task> {
  switch (action) {
    case 'claim':
      return { claimedBy: actor.userId, claimedByAgent: isAgentClaim(details), leaseExpiresAt: leaseEnd(now, details.leaseSeconds) };
    case 'complete':
      return { result: details.result ?? null, leaseExpiresAt: null };
    case 'fail':
      return { failureReason: details.reason ?? null, leaseExpiresAt: null };
    case 'release':
    case 'retry':
      // Back to pending as if never taken.
      return { claimedBy: null, claimedByAgent: false, leaseExpiresAt: null, result: null, failureReason: null };
    default:
      return { leaseExpiresAt: null };
  }
}

function isAgentClaim(details: TransitionDetails): boolean {
  return details.byAgent === true && details.leaseSeconds !== undefined;
}

function leaseEnd(now: Date, leaseSeconds: number | undefined): Date | null {
  return leaseSeconds === undefined ? null : new Date(now.getTime() + leaseSeconds * 1000);
}

function invalid(issues: FieldIssue[]): TaskValidationError {
  return new TaskValidationError(summarizeIssues('Invalid task', issues), issues);
}
