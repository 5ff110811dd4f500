import { EXECUTION_TARGET_TYPES } from '../../../core/domain/execution/execution.entity';
import { SCHEDULE_LIMITS } from '../../../core/domain/schedule/schedule.rules';
import { TASK_PRIORITIES, TaskStatus } from '../../../core/domain/task/task.entity';
import { TASK_LIMITS } from '../../../core/domain/task/task.rules';
import { AgentCallRequest, ScheduleCreateRequest, TaskCreateRequest, TaskStatusRequest, WorkflowRunRequest } from '../../../core/ports/platform-gateway.port';
import { JsonObject } from '../../../core/shared/json';
import {
  boundedString,
  onlyFields,
  optionalBoolean,
  optionalBoundedString,
  optionalEnum,
  optionalIsoDate,
  optionalJson,
  optionalStringArray,
} from './capability-args';
import { CapabilityError } from './capability-error';

/**
 * Bounds of the `platform` actions' arguments: the domain's own limits where it has them (so a
 * plugin hears of a too-long title here, by field), the use cases check every rule again.
 */
export const PLATFORM_ARG_LIMITS = {
  idChars: TASK_LIMITS.idChars,
  messageChars: 32_000,
  titleChars: TASK_LIMITS.titleChars,
  descriptionChars: TASK_LIMITS.descriptionChars,
  reasonChars: TASK_LIMITS.reasonChars,
  scheduleNameChars: SCHEDULE_LIMITS.nameChars,
  cronChars: SCHEDULE_LIMITS.cronChars,
  timezoneChars: SCHEDULE_LIMITS.timezoneChars,
  /** JSON characters of a workflow run's input. */
  inputChars: 65_536,
  /** JSON characters of a schedule's input or a task's result; their byte limits are checked by the use cases. */
  scheduleInputChars: SCHEDULE_LIMITS.inputBytes,
  resultChars: TASK_LIMITS.resultBytes,
  dependsOn: TASK_LIMITS.dependencies,
} as const;

const L = PLATFORM_ARG_LIMITS;
const ID = { max: L.idChars };
/** The states a tool may ask for; `awaiting_approval` is reached by completing a task that requires approval. */
export const TASK_TARGET_STATUSES: readonly TaskStatus[] = ['pending', 'claimed', 'completed', 'failed'];

export function agentCallArgs(args: JsonObject, where: string): AgentCallRequest {
  onlyFields(args, ['agentId', 'message'], where);
  return { agentId: boundedString(args, 'agentId', where, ID), message: boundedString(args, 'message', where, { max: L.messageChars }) };
}

export function workflowRunArgs(args: JsonObject, where: string): WorkflowRunRequest {
  onlyFields(args, ['workflowId', 'input', 'wait'], where);
  return {
    workflowId: boundedString(args, 'workflowId', where, ID),
    input: optionalJson(args, 'input', where, L.inputChars) ?? {},
    wait: optionalBoolean(args, 'wait', where) ?? true,
  };
}

export function taskCreateArgs(args: JsonObject, where: string): TaskCreateRequest {
  onlyFields(args, ['title', 'description', 'goalId', 'priority', 'requiresApproval', 'dependsOn', 'dueAt'], where);
  return {
    title: boundedString(args, 'title', where, { max: L.titleChars }),
    description: optionalBoundedString(args, 'description', where, { min: 0, max: L.descriptionChars }),
    goalId: optionalBoundedString(args, 'goalId', where, ID),
    priority: optionalEnum(args, 'priority', TASK_PRIORITIES, where),
    requiresApproval: optionalBoolean(args, 'requiresApproval', where),
    dependsOn: optionalStringArray(args, 'dependsOn', where, L.dependsOn, ID),
    dueAt: optionalIsoDate(args, 'dueAt', where),
  };
}

export function taskStatusArgs(args: JsonObject, where: string): TaskStatusRequest {
  onlyFields(args, ['taskId', 'status', 'result', 'reason'], where);
  const status = optionalEnum(args, 'status', TASK_TARGET_STATUSES, where);
  if (status === undefined) throw new CapabilityError('invalid_argument', `${where}: "status" must be one of ${TASK_TARGET_STATUSES.join(', ')}`);
  return {
    taskId: boundedString(args, 'taskId', where, ID),
    status,
    result: optionalJson(args, 'result', where, L.resultChars),
    reason: optionalBoundedString(args, 'reason', where, { max: L.reasonChars }),
  };
}

export function scheduleCreateArgs(args: JsonObject, where: string): ScheduleCreateRequest {
  onlyFields(args, ['targetType', 'targetId', 'cron', 'runAt', 'timezone', 'input', 'name'], where);
  const targetType = optionalEnum(args, 'targetType', EXECUTION_TARGET_TYPES, where);
  if (targetType === undefined) throw new CapabilityError('invalid_argument', `${where}: "targetType" must be one of ${EXECUTION_TARGET_TYPES.join(', ')}`);
  const cron = optionalBoundedString(args, 'cron', where, { max: L.cronChars });
  const runAt = optionalIsoDate(args, 'runAt', where);
  if ((cron === undefined) === (runAt === undefined)) {
    throw new CapabilityError('invalid_argument', `${where}: give exactly one of "cron" (a recurring run) and "runAt" (a single run)`);
  }
  return {
    targetType,
    targetId: boundedString(args, 'targetId', where, ID),
    cron,
    runAt,
    timezone: optionalBoundedString(args, 'timezone', where, { max: L.timezoneChars }),
    input: optionalJson(args, 'input', where, L.scheduleInputChars),
    name: optionalBoundedString(args, 'name', where, { max: L.scheduleNameChars }),
  };
}
