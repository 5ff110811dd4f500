/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { Json, platform, PlatformSchedule, ToolError } from 'kernel:api';

interface Input {
  target_type: 'agent' | 'workflow';
  target_id: string;
  cron?: string;
  run_at?: string;
  timezone?: string;
  input?: Json;
  name?: string;
}

export default async function scheduleRun(input: Input): Promise<PlatformSchedule> {
  // The schema cannot say "exactly one of" at its root (model APIs refuse a top-level oneOf).
  if ((input.cron === undefined) === (input.run_at === undefined)) {
    throw new ToolError('invalid_input', 'Give exactly one of cron (a recurring run, e.g. "0 9 * * 1-5") and run_at (a single run at an ISO 8601 date-time).');
  }
  const schedule: PlatformSchedule = await platform.call('schedules.create', {
    targetType: input.target_type,
    targetId: input.target_id,
    cron: input.cron,
    runAt: input.run_at,
    timezone: input.timezone,
    input: input.input,
    name: input.name,
  });
  const { id, name, target_type, target_id, cron, run_at, timezone, enabled, next_run_at } = schedule;
  return { id, name, target_type, target_id, cron, run_at, timezone, enabled, next_run_at };
}
