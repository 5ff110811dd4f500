import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { Schedule } from '../../domain/schedule/schedule.entity';
import { keepsStoredRunAt, patchedScheduleInput, SchedulePatch } from '../../domain/schedule/schedule-patch';
import { CheckedScheduleInput } from '../../domain/schedule/schedule.rules';
import { CLOCK, Clock } from '../../ports/clock.port';
import { CRON_CALCULATOR, CronCalculator } from '../../ports/cron-calculator.port';
import { SCHEDULE_REPOSITORY, ScheduleRepository } from '../../ports/schedule-repository.port';
import { USER_REPOSITORY, UserRepository } from '../../ports/user-repository.port';
import { ConflictError } from '../../shared/common.errors';
import { AuditTrail } from '../audit/audit-trail.service';
import { ExecutionTargets } from '../executions/execution-targets';
import { auditSchedule } from './schedule-audit';
import { ScheduleInputChecker } from './schedule-input-checker';
import { ScheduleManager } from './schedule-manager.service';

/** Rounds of re-reading a schedule a ticker moved on under an edit, before answering 409. */
const MAX_RACES = 3;

/**
 * Changes and deletes schedules, for their owner or an admin (anyone else: `schedule.not_found`).
 * An edit is checked as a whole schedule; it is stored only if no ticker claimed a run meanwhile
 * (else it is applied again to what the ticker left), so an edit never re-arms a slot that fired.
 */
@injectable()
export class ScheduleEditor {
  constructor(
    @inject(ScheduleManager) private readonly manager: Pick<ScheduleManager, 'get'>,
    @inject(SCHEDULE_REPOSITORY) private readonly schedules: ScheduleRepository,
    @inject(ScheduleInputChecker) private readonly checker: ScheduleInputChecker,
    @inject(CRON_CALCULATOR) private readonly cron: CronCalculator,
    @inject(ExecutionTargets) private readonly targets: ExecutionTargets,
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async update(actor: Actor, id: string, patch: SchedulePatch): Promise<Schedule> {
    for (let race = 0; race < MAX_RACES; race++) {
      const stored = await this.manager.get(actor, id);
      const now = this.clock.now();
      const input = patchedScheduleInput(stored, patch);
      const checked = this.checker.check(input, now, { allowPastRunAt: keepsPastRunAt(stored, patch, input.enabled === true) });
      if (checked.targetType !== stored.targetType || checked.targetId !== stored.targetId) await this.checkOwnerMayRun(stored, checked);
      const updated = this.applied(stored, checked, now);
      if (await this.schedules.update(updated, stored.nextRunAt)) {
        await auditSchedule(this.audit, actor, 'schedule.update', updated);
        return updated;
      }
    }
    throw new ConflictError('schedule', 'The schedule fired or changed while it was being edited; try again');
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const schedule = await this.manager.get(actor, id);
    if (await this.schedules.delete(schedule.id)) await auditSchedule(this.audit, actor, 'schedule.delete', schedule);
  }

  /** A schedule runs as its owner (not the admin who edits it), who must be allowed to run the new target. */
  private async checkOwnerMayRun(stored: Schedule, checked: CheckedScheduleInput): Promise<void> {
    const owner = await this.users.findById(stored.ownerId);
    const ownerActor: Actor = { userId: stored.ownerId, role: owner?.role ?? 'user' };
    await this.targets.resolve(ownerActor, { type: checked.targetType, id: checked.targetId });
  }

  private applied(stored: Schedule, checked: CheckedScheduleInput, now: Date): Schedule {
    return {
      ...stored,
      name: checked.name ?? stored.name,
      targetType: checked.targetType,
      targetId: checked.targetId,
      cron: checked.cron,
      runAt: checked.runAt,
      timezone: checked.timezone,
      input: checked.input,
      enabled: checked.enabled,
      nextRunAt: this.nextRunAt(stored, checked, now),
      updatedAt: now,
    };
  }

  /**
   * Unchanged timing keeps the stored next run, so a slot that is due but not yet claimed still
   * fires; new timing, or a schedule switched back on, counts from now (runs missed while it was
   * off do not fire).
   */
  private nextRunAt(stored: Schedule, checked: CheckedScheduleInput, now: Date): Date | null {
    const sameTiming = checked.cron === stored.cron && checked.timezone === stored.timezone && checked.runAt?.getTime() === stored.runAt?.getTime();
    const switchedOn = checked.enabled && !stored.enabled;
    if (sameTiming && !switchedOn) return stored.nextRunAt;
    if (checked.cron !== null) return this.cron.next(checked.cron, checked.timezone, now);
    return checked.runAt && checked.runAt > now ? checked.runAt : null;
  }
}

/**
 * A one-shot's stored `run_at` may have passed (it is due, or has fired): an edit that keeps it is
 * fine, unless the edit would have it fire again (switching it on, or it has fired already).
 */
function keepsPastRunAt(stored: Schedule, patch: SchedulePatch, enabledAfter: boolean): boolean {
  if (!keepsStoredRunAt(stored, patch)) return false;
  const firesAgain = enabledAfter && (!stored.enabled || stored.nextRunAt === null);
  return !firesAgain;
}
