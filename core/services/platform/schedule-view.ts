import { Schedule } from '../../domain/schedule/schedule.entity';
import { ScheduleView } from '../../ports/platform-gateway.port';
import { isoOrNull } from './view-values';

export function scheduleView(schedule: Schedule): ScheduleView {
  return {
    id: schedule.id,
    name: schedule.name,
    target_type: schedule.targetType,
    target_id: schedule.targetId,
    cron: schedule.cron,
    run_at: isoOrNull(schedule.runAt),
    timezone: schedule.timezone,
    enabled: schedule.enabled,
    next_run_at: isoOrNull(schedule.nextRunAt),
  };
}
