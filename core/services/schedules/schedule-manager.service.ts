import { inject, injectable } from 'inversify';
import { AgentNotFoundError } from '../../domain/agent/agent.errors';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { Execution, ExecutionTargetType } from '../../domain/execution/execution.entity';
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
import { WorkflowNotFoundError } from '../../domain/workflow/workflow.errors';
import { AGENT_REPOSITORY, AgentRepository } from '../../ports/agent-repository.port';
import { CLOCK, Clock } from '../../ports/clock.port';
import { CRON_CALCULATOR, CronCalculator } from '../../ports/cron-calculator.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { SCHEDULE_REPOSITORY, ScheduleRepository } from '../../ports/schedule-repository.port';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../ports/workflow-repository.port';
import { FieldIssue } from '../../shared/domain-error';
import { summarizeIssues } from '../../shared/issue-summary';
import { canUseAgent } from '../agents/agent-access';
import { AuditTrail } from '../audit/audit-trail.service';
import { ExecutionLauncher } from '../executions/execution-launcher.service';

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
    @inject(WORKFLOW_REPOSITORY) private readonly workflows: WorkflowRepository,
    @inject(AGENT_REPOSITORY) private readonly agents: AgentRepository,
    @inject(ExecutionLauncher) private readonly launcher: Pick<ExecutionLauncher, 'enqueue'>,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async create(actor: Actor, input: NewScheduleInput): Promise<Schedule> {
    const now = this.clock.now();
    const checked = this.check(input, now);
    const targetName = await this.targetName(actor, checked.targetType, checked.targetId);
    // Counted before the insert, so racing creates may pass the quota by a few: it bounds
    // the scheduler's load, it is not a security boundary.
    if ((await this.schedules.countByOwner(actor.userId)) >= SCHEDULE_LIMITS.perOwner) {
      throw new ScheduleQuotaExceededError(SCHEDULE_LIMITS.perOwner);
    }
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

  /** The target's name, when it exists and the actor may run it; else the target's own not_found. */
  private async targetName(actor: Actor, type: ExecutionTargetType, id: string): Promise<string> {
    if (type === 'workflow') {
      const workflow = await this.workflows.findById(id);
      if (!workflow || !can(actor, 'execute', { ownerId: workflow.ownerId })) throw new WorkflowNotFoundError(id);
      return workflow.name;
    }
    const agent = await this.agents.findById(id);
    if (!agent || !canUseAgent(actor, agent)) throw new AgentNotFoundError(id);
    return agent.name;
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
