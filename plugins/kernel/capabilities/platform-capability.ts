import { PlatformCallOptions, PlatformGateway } from '../../../core/ports/platform-gateway.port';
import { JsonObject, JsonValue } from '../../../core/shared/json';
import { argsObject, onlyFields, requiredString } from './capability-args';
import { CapabilityError } from './capability-error';
import { CapabilityCallContext, CapabilityHandler } from './capability-handler';
import { agentCallArgs, scheduleCreateArgs, taskCreateArgs, taskStatusArgs, workflowRunArgs } from './platform-action-args';

/** Actions of `platform.call(action, args)` (kernel-api.d.ts). */
export const PLATFORM_ACTIONS = ['agents.call', 'workflows.run', 'tasks.create', 'tasks.update_status', 'schedules.create'] as const;
export type PlatformAction = (typeof PLATFORM_ACTIONS)[number];

/** Host-side bounds of the `platform` capability, per tool call. */
export const PLATFORM_CAPABILITY_LIMITS = {
  /** `agents.call` and `workflows.run` together: each is a whole nested run, LLM calls and tools included. */
  maxRuns: 3,
  /** `tasks.create` and `tasks.update_status` together. */
  maxTaskWrites: 20,
  maxSchedules: 5,
  /** A nested run is not started with less than this left before the tool call's deadline. */
  minRunMs: 1_000,
} as const;

type QuotaGroup = 'runs' | 'task_writes' | 'schedules';

const QUOTAS: Record<PlatformAction, { group: QuotaGroup; limit: number; what: string }> = {
  'agents.call': { group: 'runs', limit: PLATFORM_CAPABILITY_LIMITS.maxRuns, what: 'agent calls and workflow runs' },
  'workflows.run': { group: 'runs', limit: PLATFORM_CAPABILITY_LIMITS.maxRuns, what: 'agent calls and workflow runs' },
  'tasks.create': { group: 'task_writes', limit: PLATFORM_CAPABILITY_LIMITS.maxTaskWrites, what: 'task writes' },
  'tasks.update_status': { group: 'task_writes', limit: PLATFORM_CAPABILITY_LIMITS.maxTaskWrites, what: 'task writes' },
  'schedules.create': { group: 'schedules', limit: PLATFORM_CAPABILITY_LIMITS.maxSchedules, what: 'schedules' },
};

/**
 * The host side of `platform.call` (kernel-api.d.ts): runs agents and workflows, writes tasks
 * and schedules through the core's use cases as the tool's caller, on the caller's LLM budget,
 * ended with the tool call. The manifest's `actions` list is enforced by the router.
 */
export class PlatformCapability implements CapabilityHandler {
  constructor(private readonly gateway: PlatformGateway) {}

  async handle(_method: string, args: JsonValue, context: CapabilityCallContext): Promise<JsonValue> {
    const call = argsObject(args, 'platform.call');
    onlyFields(call, ['action', 'args'], 'platform.call');
    const action = requiredString(call, 'action', 'platform.call');
    if (!isAction(action)) {
      throw new CapabilityError('invalid_argument', `platform.call: unknown action "${action.slice(0, 64)}"; the actions are ${PLATFORM_ACTIONS.join(', ')}`);
    }
    const quota = QUOTAS[action];
    if (context.count(quota.group) > quota.limit) {
      throw new CapabilityError('quota_exceeded', `A tool call may make at most ${quota.limit} ${quota.what}`);
    }
    const input = argsObject(call.args ?? {}, action);
    const options: PlatformCallOptions = { budget: context.budget, signal: context.signal, executionId: context.executionId };
    return this.run(action, input, context, options);
  }

  private async run(action: PlatformAction, input: JsonObject, context: CapabilityCallContext, options: PlatformCallOptions): Promise<JsonValue> {
    const { actor } = context;
    switch (action) {
      case 'agents.call': {
        const request = agentCallArgs(input, action);
        checkTimeLeft(context, action);
        return this.gateway.callAgent(actor, request, options);
      }
      case 'workflows.run': {
        const request = workflowRunArgs(input, action);
        if (request.wait) checkTimeLeft(context, action);
        return this.gateway.runWorkflow(actor, request, options);
      }
      case 'tasks.create':
        return this.gateway.createTask(actor, taskCreateArgs(input, action), options);
      case 'tasks.update_status':
        return this.gateway.updateTaskStatus(actor, taskStatusArgs(input, action), options);
      case 'schedules.create':
        return this.gateway.scheduleRun(actor, scheduleCreateArgs(input, action), options);
    }
  }
}

function isAction(action: string): action is PlatformAction {
  return (PLATFORM_ACTIONS as readonly string[]).includes(action);
}

function checkTimeLeft(context: CapabilityCallContext, action: PlatformAction): void {
  if (context.remainingMs() < PLATFORM_CAPABILITY_LIMITS.minRunMs) {
    throw new CapabilityError('timeout', `${action}: the tool call has no time left for a nested run`);
  }
}
