import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { Execution } from '../../domain/execution/execution.entity';
import { Schedule } from '../../domain/schedule/schedule.entity';
import { EXECUTION_TARGET_TYPES, ExecutionTargetType } from '../../domain/execution/execution.entity';
import { ScheduleNotFoundError, ScheduleQuotaExceededError, ScheduleValidationError } from '../../domain/schedule/schedule.errors';
import { defaultScheduleName, NewScheduleInput, SCHEDULE_LIMITS } from '../../domain/schedule/schedule.rules';
import { CLOCK, Clock } from '../../ports/clock.port';
import { CRON_CALCULATOR, CronCalculator } from '../../ports/cron-calculator.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { SCHEDULE_REPOSITORY, ScheduleRepository } from '../../ports/schedule-repository.port';
import { FieldIssue } from '../../shared/domain-error';
import { summarizeIssues } from '../../shared/issue-summary';
import { Page } from '../../shared/pagination';
import { AuditTrail } from '../audit/audit-trail.service';
import { ExecutionLauncher } from '../executions/execution-launcher.service';
import { ExecutionStartThrottle } from '../executions/execution-start-throttle.service';
import { ExecutionTargets } from '../executions/execution-targets';
import { DailyQuotas } from '../quotas/daily-quotas.service';
import { checkPageRequest } from '../tools/page-request';
import { auditSchedule } from './schedule-audit';
import { ScheduleInputChecker } from './schedule-input-checker';

export type { NewScheduleInput } from '../../domain/schedule/schedule.rules';

export interface ScheduleListFilter {
  targetType?: string;
  targetId?: string;
  enabled?: boolean;
  page?: number;
  pageSize?: number;
}

/**
 * Creates, lists, reads and manually triggers schedules (changes and deletes: `ScheduleEditor`). A schedule runs as its owner, so creating
 * one requires that the owner may run the target now; another user's schedule is reported as
 * missing (no enumeration), admins see every one.
 */
@injectable()
export class ScheduleManager {
  constructor(
    @inject(SCHEDULE_REPOSITORY) private readonly schedules: ScheduleRepository,
    @inject(CRON_CALCULATOR) private readonly cron: CronCalculator,
    @inject(ScheduleInputChecker) private readonly checker: ScheduleInputChecker,
    @inject(ExecutionTargets) private readonly targets: ExecutionTargets,
    @inject(ExecutionLauncher) private readonly launcher: Pick<ExecutionLauncher, 'enqueue'>,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(DailyQuotas) private readonly quotas: DailyQuotas,
    @inject(ExecutionStartThrottle) private readonly throttle: Pick<ExecutionStartThrottle, 'take'>,
  ) {}

  async create(actor: Actor, input: NewScheduleInput): Promise<Schedule> {
    const now = this.clock.now();
    const checked = this.checker.check(input, now);
    // The same rule as running it: a schedule runs as its owner, who must be allowed to run the target now.
    const target = await this.targets.resolve(actor, { type: checked.targetType, id: checked.targetId });
    const targetName = target.type === 'workflow' ? target.workflow.name : target.agent.name;
    // Counted before the insert, so racing creates may pass the quota by a few: it bounds
    // the scheduler's load, it is not a security boundary.
    if ((await this.schedules.countByOwner(actor.userId)) >= SCHEDULE_LIMITS.perOwner) {
      throw new ScheduleQuotaExceededError(SCHEDULE_LIMITS.perOwner);
    }
    // Deleting and re-creating must not dodge the cap above: creations per day are counted too.
    await this.quotas.take(actor.userId, 'schedules');
    const schedule: Schedule = {
      id: this.ids.uuid(),
      ownerId: actor.userId,
      name: checked.name ?? defaultScheduleName(targetName),
      targetType: checked.targetType,
      targetId: checked.targetId,
      cron: checked.cron,
      runAt: checked.runAt,
      timezone: checked.timezone,
      input: checked.input,
      enabled: checked.enabled,
      nextRunAt: checked.cron !== null ? this.cron.next(checked.cron, checked.timezone, now) : checked.runAt,
      lastRunAt: null,
      lastExecutionId: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.schedules.create(schedule);
    await auditSchedule(this.audit, actor, 'schedule.create', schedule);
    return schedule;
  }

  /** The actor's schedules (an admin's: everyone's), newest first. */
  async list(actor: Actor, filter: ScheduleListFilter): Promise<Page<Schedule>> {
    const { request, issues } = checkPageRequest(filter.page, filter.pageSize);
    issues.push(...filterIssues(filter));
    if (issues.length > 0) throw new ScheduleValidationError(summarizeIssues('Invalid schedule list request', issues), issues);
    return this.schedules.list({
      ...request,
      ownerId: actor.role === 'admin' ? undefined : actor.userId,
      targetType: filter.targetType as ExecutionTargetType | undefined,
      targetId: filter.targetId,
      enabled: filter.enabled,
    });
  }

  async get(actor: Actor, id: string): Promise<Schedule> {
    const schedule = await this.schedules.findById(id);
    if (!schedule || !can(actor, 'read', { ownerId: schedule.ownerId })) throw new ScheduleNotFoundError(id);
    return schedule;
  }

  /**
   * Runs the schedule's target now, queued, as the actor who asks (owner or admin): the
   * execution is theirs and marked `api` with the schedule's id. `nextRunAt` does not move.
   * Works on a disabled schedule too: it is an explicit request. Counts toward the actor's
   * executions per minute, like any execution started over the API.
   */
  async trigger(actor: Actor, id: string): Promise<Execution> {
    const schedule = await this.get(actor, id);
    await this.throttle.take(actor);
    const execution = await this.launcher.enqueue(actor, { type: schedule.targetType, id: schedule.targetId }, schedule.input, {
      trigger: 'api',
      scheduleId: schedule.id,
    });
    await this.schedules.recordExecution(schedule.id, execution.id);
    await auditSchedule(this.audit, actor, 'schedule.trigger', schedule);
    return execution;
  }
}

function filterIssues(filter: ScheduleListFilter): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (filter.targetType !== undefined && !(EXECUTION_TARGET_TYPES as readonly string[]).includes(filter.targetType)) {
    issues.push({ field: 'target_type', message: `must be one of ${EXECUTION_TARGET_TYPES.join(', ')}` });
  }
  if (filter.targetId !== undefined && (filter.targetId.length === 0 || filter.targetId.length > SCHEDULE_LIMITS.targetIdChars)) {
    issues.push({ field: 'target_id', message: `must be an id of 1 to ${SCHEDULE_LIMITS.targetIdChars} characters` });
  }
  return issues;
}
