import { SchedulePatch } from '../../../core/domain/schedule/schedule-patch';
import { NewScheduleInput } from '../../../core/domain/schedule/schedule.rules';
import { ValidationError } from '../../../core/shared/common.errors';
import { JsonValue } from '../../../core/shared/json';
import { AgentScheduleCreateRequest, AgentScheduleUpdateRequest, ScheduleTargetTypeName } from '../dto/agent-schedule.dto';

export function toNewScheduleInput(body: AgentScheduleCreateRequest): NewScheduleInput {
  const target = targetOf(body);
  return { ...toSchedulePatch(body), targetType: target.type ?? 'agent', targetId: target.id ?? '' };
}

/** Only the writable fields: whatever else a body holds (ids, owner, run times…) never reaches the core. */
export function toSchedulePatch(body: AgentScheduleUpdateRequest): SchedulePatch {
  const target = targetOf(body);
  return {
    name: body.name,
    targetType: target.type,
    targetId: target.id,
    cron: body.cron,
    runAt: body.run_at,
    timezone: body.timezone,
    // A parsed JSON body holds JSON values only.
    input: body.input as JsonValue | undefined,
    enabled: body.enabled,
  };
}

/** `agent_id` is `target_type: "agent"` plus `target_id`; it may not contradict them. */
function targetOf(body: AgentScheduleUpdateRequest): { type?: ScheduleTargetTypeName; id?: string } {
  if (body.agent_id === undefined) return { type: body.target_type, id: body.target_id };
  if ((body.target_type !== undefined && body.target_type !== 'agent') || (body.target_id !== undefined && body.target_id !== body.agent_id)) {
    throw new ValidationError('Invalid schedule: agent_id contradicts target_type or target_id', [
      { field: 'agent_id', message: 'names an agent target; leave target_type and target_id out, or make them agree' },
    ]);
  }
  return { type: 'agent', id: body.agent_id };
}
