import { Schedule } from '../../../core/domain/schedule/schedule.entity';
import { Page } from '../../../core/shared/pagination';
import { AgentSchedulePageResponse, AgentScheduleResponse } from '../dto/agent-schedule.dto';

export function toAgentScheduleResponse(schedule: Schedule): AgentScheduleResponse {
  return {
    id: schedule.id,
    owner_id: schedule.ownerId,
    name: schedule.name,
    target_type: schedule.targetType,
    target_id: schedule.targetId,
    agent_id: schedule.targetType === 'agent' ? schedule.targetId : null,
    workflow_id: schedule.targetType === 'workflow' ? schedule.targetId : null,
    cron: schedule.cron,
    run_at: schedule.runAt?.toISOString() ?? null,
    timezone: schedule.timezone,
    input: schedule.input,
    enabled: schedule.enabled,
    next_run_at: schedule.nextRunAt?.toISOString() ?? null,
    last_run_at: schedule.lastRunAt?.toISOString() ?? null,
    last_execution_id: schedule.lastExecutionId,
    created_at: schedule.createdAt.toISOString(),
    updated_at: schedule.updatedAt.toISOString(),
  };
}

export function toAgentSchedulePageResponse(page: Page<Schedule>): AgentSchedulePageResponse {
  return { items: page.items.map(toAgentScheduleResponse), total: page.total, page: page.page, page_size: page.pageSize };
}
