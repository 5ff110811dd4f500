import { Actor } from '../../domain/auth/actor';
import { Schedule } from '../../domain/schedule/schedule.entity';
import { AuditTrail } from '../audit/audit-trail.service';

export type ScheduleAction = 'schedule.create' | 'schedule.update' | 'schedule.delete' | 'schedule.trigger';

/** One audit entry for a change to a schedule, naming its target and owner. */
export function auditSchedule(audit: AuditTrail, actor: Actor, action: ScheduleAction, schedule: Schedule): Promise<void> {
  return audit.record({
    actorId: actor.userId,
    action,
    resourceType: 'schedule',
    resourceId: schedule.id,
    outcome: 'success',
    detail: { target_type: schedule.targetType, target_id: schedule.targetId, owner_id: schedule.ownerId },
  });
}
