import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { Execution } from '../../domain/execution/execution.entity';
import { Schedule } from '../../domain/schedule/schedule.entity';
import { ScheduleNotFoundError, ScheduleQuotaExceededError, ScheduleValidationError } from '../../domain/schedule/schedule.errors';
import {
  checkScheduleInput,
  CheckedScheduleInput,
  DEFAULT_TIMEZONE,
  defaultScheduleName,
  NewScheduleInput,
  SCHEDULE_LIMITS,
} from '../../domain/schedule/schedule.rules';
import { CLOCK, Clock } from '../../ports/clock.port';
import { CRON_CALCULATOR, CronCalculator } from '../../ports/cron-calculator.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { SCHEDULE_REPOSITORY, ScheduleRepository } from '../../ports/schedule-repository.port';
import { FieldIssue } from '../../shared/domain-error';
import { summarizeIssues } from '../../shared/issue-summary';
import { AuditTrail } from '../audit/audit-trail.service';
import { ExecutionLauncher } from '../executions/execution-launcher.service';
import { ExecutionTargets } from '../executions/execution-targets';
import { DailyQuotas } from '../quotas/daily-quotas.service';

export type { NewScheduleInput } from '../../domain/schedule/schedule.rules';

/** An expression that is always valid, so asking the calculator about it checks the zone alone. */
const ZONE_PROBE = '0 0 * * *';

/**
 * Creates, reads and manually triggers schedules. A schedule runs as its owner, so creating
 * one requires that the owner may run the target now; another user's schedule is reported as
 * missing (no enumeration), admins see every one.
 */
@injectable()
export class ScheduleManager {
  constructor(
    @inject(SCHEDULE_REPOSITORY) private readonly schedules: ScheduleRepository,
    @inject(CRON_CALCULATOR) private readonly cron: CronCalculator,
    @inject(ExecutionTargets) private readonly targets: ExecutionTargets,
    @inject(ExecutionLauncher) private readonly launcher: Pick<ExecutionLauncher, 'enqueue'>,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(DailyQuotas) private readonly quotas: DailyQuotas,
  ) {}

  async create(actor: Actor, input: NewScheduleInput): Promise<Schedule> {
    const now = this.clock.now();
    const checked = this.check(input, now);
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
    await this.record(actor, 'schedule.create', schedule);
    return schedule;
  }

  async get(actor: Actor, id: string): Promise<Schedule> {
    const schedule = await this.schedules.findById(id);
    if (!schedule || !can(actor, 'read', { ownerId: schedule.ownerId })) throw new ScheduleNotFoundError(id);
    return schedule;
  }

  /**
   * Runs the schedule's target now, queued, as the actor who asks (owner or admin): the
   * execution is theirs and marked `api` with the schedule's id. `nextRunAt` does not move.
   * Works on a disabled schedule too: it is an explicit request.
   */
  async trigger(actor: Actor, id: string): Promise<Execution> {
    const schedule = await this.get(actor, id);
    const execution = await this.launcher.enqueue(actor, { type: schedule.targetType, id: schedule.targetId }, schedule.input, {
      trigger: 'api',
      scheduleId: schedule.id,
    });
    await this.schedules.recordExecution(schedule.id, execution.id);
    await this.record(actor, 'schedule.trigger', schedule);
    return execution;
  }

  /** The domain rules, then what only the calculator knows (the zone, whether the cron ever fires). */
  private check(input: NewScheduleInput, now: Date): CheckedScheduleInput {
    const checked = checkScheduleInput(input, now);
    const issues: FieldIssue[] = checked.ok ? [] : [...checked.issues];
    const flagged = (field: string): boolean => issues.some((issue) => issue.field === field);
    const timezone = input.timezone ?? DEFAULT_TIMEZONE;
    if (!flagged('timezone')) {
      const zoneProblem = this.cron.problem(ZONE_PROBE, timezone);
      if (zoneProblem) issues.push({ field: 'timezone', message: zoneProblem });
      else if (typeof input.cron === 'string' && !flagged('cron')) {
        const cronProblem = this.cron.problem(input.cron.trim(), timezone);
        if (cronProblem) issues.push({ field: 'cron', message: cronProblem });
      }
    }
    if (!checked.ok || issues.length > 0) throw new ScheduleValidationError(summarizeIssues('Invalid schedule', issues), issues);
    return checked.value;
  }

  private record(actor: Actor, action: string, schedule: Schedule): Promise<void> {
    return this.audit.record({
      actorId: actor.userId,
      action,
      resourceType: 'schedule',
      resourceId: schedule.id,
      outcome: 'success',
      detail: { target_type: schedule.targetType, target_id: schedule.targetId, owner_id: schedule.ownerId },
    });
  }
}
