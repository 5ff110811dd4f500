import { FieldIssue } from '../../shared/domain-error';
import { JsonValue } from '../../shared/json';
import { ExecutionTargetType } from '../execution/execution.entity';
import { utf8Length } from '../../shared/utf8-length';

export const SCHEDULE_LIMITS = {
  nameChars: 120,
  cronChars: 120,
  timezoneChars: 64,
  targetIdChars: 36,
  /** UTF-8 bytes of the input's JSON text. */
  inputBytes: 16 * 1024,
  perOwner: 100,
} as const;

export const DEFAULT_TIMEZONE = 'UTC';

export const SCHEDULE_TARGET_TYPES = ['workflow', 'agent'] as const satisfies readonly ExecutionTargetType[];

/** The shorthands every cron reads the same way (cron-parser's set); `@reboot` means nothing here. */
export const CRON_MACROS = ['@yearly', '@monthly', '@weekly', '@daily', '@hourly'] as const;

/** A schedule as a client asks for it: exactly one of `cron` and `runAt`. */
export interface NewScheduleInput {
  name?: string;
  targetType: ExecutionTargetType;
  targetId: string;
  cron?: string;
  runAt?: Date;
  timezone?: string;
  input?: JsonValue;
  enabled?: boolean;
}

/** The input with defaults applied and the cron's spacing normalised; `name` stays optional (it defaults from the target). */
export interface CheckedScheduleInput {
  name: string | undefined;
  targetType: ExecutionTargetType;
  targetId: string;
  cron: string | null;
  runAt: Date | null;
  timezone: string;
  input: JsonValue;
  enabled: boolean;
}

export type ScheduleInputCheck = { ok: true; value: CheckedScheduleInput } | { ok: false; issues: FieldIssue[] };

export interface ScheduleCheckOptions {
  /** A one-shot that has fired keeps its past `run_at` while it stays disabled. */
  allowPastRunAt?: boolean;
}

const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * Every rule that needs no outside knowledge, all problems at once, named by wire field.
 * Whether the cron expression ever fires and whether the zone exists are for the
 * `CronCalculator` to say.
 */
export function checkScheduleInput(input: NewScheduleInput, now: Date, options: ScheduleCheckOptions = {}): ScheduleInputCheck {
  const issues: FieldIssue[] = [];
  const name = nameOf(input.name, issues);
  if (!(SCHEDULE_TARGET_TYPES as readonly unknown[]).includes(input.targetType)) {
    issues.push({ field: 'target_type', message: `must be one of ${SCHEDULE_TARGET_TYPES.join(', ')}` });
  }
  const targetId = typeof input.targetId === 'string' ? input.targetId.trim() : '';
  if (targetId.length === 0 || targetId.length > SCHEDULE_LIMITS.targetIdChars) {
    issues.push({ field: 'target_id', message: `must be an id of 1 to ${SCHEDULE_LIMITS.targetIdChars} characters` });
  }
  const when = timingOf(input, now, options, issues);
  const timezone = input.timezone ?? DEFAULT_TIMEZONE;
  if (typeof timezone !== 'string' || timezone.length > SCHEDULE_LIMITS.timezoneChars || !ZONE_SHAPE.test(timezone)) {
    issues.push({ field: 'timezone', message: 'must be an IANA time zone name such as UTC or Europe/Paris' });
  }
  const payload = input.input ?? {};
  if (utf8Length(JSON.stringify(payload)) > SCHEDULE_LIMITS.inputBytes) {
    issues.push({ field: 'input', message: `must be at most ${SCHEDULE_LIMITS.inputBytes} bytes of JSON` });
  }
  if (input.enabled !== undefined && typeof input.enabled !== 'boolean') issues.push({ field: 'enabled', message: 'must be a boolean' });
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    value: { name, targetType: input.targetType, targetId, ...when, timezone, input: payload, enabled: input.enabled ?? true },
  };
}

/** The name a schedule gets when none is given: its target's, marked as a schedule and cut to fit. */
export function defaultScheduleName(targetName: string): string {
  const suffix = ' (scheduled)';
  const base = targetName.trim() || 'Untitled';
  return base.slice(0, SCHEDULE_LIMITS.nameChars - suffix.length) + suffix;
}

function nameOf(value: string | undefined, issues: FieldIssue[]): string | undefined {
  if (value === undefined) return undefined;
  const name = typeof value === 'string' ? value.trim() : '';
  if (name.length === 0 || name.length > SCHEDULE_LIMITS.nameChars) {
    issues.push({ field: 'name', message: `must be 1 to ${SCHEDULE_LIMITS.nameChars} characters` });
  }
  return name;
}

function timingOf(input: NewScheduleInput, now: Date, options: ScheduleCheckOptions, issues: FieldIssue[]): { cron: string | null; runAt: Date | null } {
  const hasCron = input.cron !== undefined;
  const hasRunAt = input.runAt !== undefined;
  if (hasCron === hasRunAt) {
    issues.push({ field: 'cron', message: 'give exactly one of cron (recurring) and run_at (once)' });
    return { cron: null, runAt: null };
  }
  if (hasCron) return { cron: cronShape(input.cron, issues), runAt: null };
  return { cron: null, runAt: runAtOf(input.runAt, now, options, issues) };
}

/** Five fields or a macro. A sixth (seconds) field is refused: nothing fires more often than once a minute. */
function cronShape(value: unknown, issues: FieldIssue[]): string | null {
  const expression = typeof value === 'string' ? value.trim() : '';
  if (expression.length === 0 || expression.length > SCHEDULE_LIMITS.cronChars) {
    issues.push({ field: 'cron', message: `must be a cron expression of 1 to ${SCHEDULE_LIMITS.cronChars} characters` });
    return null;
  }
  if (expression.startsWith('@')) {
    if ((CRON_MACROS as readonly string[]).includes(expression)) return expression;
    issues.push({ field: 'cron', message: `must be 5 fields or one of ${CRON_MACROS.join(', ')}` });
    return null;
  }
  const fields = expression.split(/\s+/);
  if (fields.length === 6) {
    issues.push({ field: 'cron', message: 'must have 5 fields; a seconds field is not supported (nothing runs more often than once a minute)' });
    return null;
  }
  if (fields.length !== 5) {
    issues.push({ field: 'cron', message: 'must have 5 fields: minute hour day-of-month month day-of-week' });
    return null;
  }
  return fields.join(' ');
}

function runAtOf(value: unknown, now: Date, options: ScheduleCheckOptions, issues: FieldIssue[]): Date | null {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    issues.push({ field: 'run_at', message: 'must be a date and time' });
    return null;
  }
  const horizon = new Date(now.getTime());
  horizon.setUTCFullYear(horizon.getUTCFullYear() + 1);
  if (value.getTime() <= now.getTime()) {
    if (!options.allowPastRunAt) issues.push({ field: 'run_at', message: 'must be in the future' });
  } else if (value.getTime() > horizon.getTime()) issues.push({ field: 'run_at', message: 'must be at most one year ahead' });
  return value;
}
