import { Actor } from '../../../core/domain/auth/actor';
import { LlmCallBudget } from '../../../core/domain/llm/llm-call-budget';
import { IllegalTaskTransitionError } from '../../../core/domain/task/task.errors';
import { PlatformCallOptions, PlatformGateway } from '../../../core/ports/platform-gateway.port';
import { JsonObject, JsonValue } from '../../../core/shared/json';
import { CapabilityError } from '../../../plugins/kernel/capabilities/capability-error';
import { CapabilityCallContext } from '../../../plugins/kernel/capabilities/capability-handler';
import { CapabilityRouter } from '../../../plugins/kernel/capabilities/capability-router';
import { CapabilityScope } from '../../../plugins/kernel/capabilities/capability-scope';
import { PLATFORM_ACTIONS, PlatformCapability } from '../../../plugins/kernel/capabilities/platform-capability';

const ACTOR: Actor = { userId: 'user-1', role: 'user' };
const AGENT_ID = '3b9f2c1e-8d4a-4f6b-9c2e-7a1d5e0f4b21';

interface GatewayCall {
  method: keyof PlatformGateway;
  actor: Actor;
  request: unknown;
  options: PlatformCallOptions;
}

/** Records every call and answers a marker naming the method, or throws `failure` when set. */
function recordingGateway(calls: GatewayCall[], failure?: () => Error): PlatformGateway {
  const answer = (method: keyof PlatformGateway) => async (actor: Actor, request: unknown, options: PlatformCallOptions) => {
    calls.push({ method, actor, request, options });
    if (failure) throw failure();
    return { answered_by: method } as never;
  };
  return {
    callAgent: answer('callAgent'),
    runWorkflow: answer('runWorkflow'),
    createTask: answer('createTask'),
    updateTaskStatus: answer('updateTaskStatus'),
    scheduleRun: answer('scheduleRun'),
  };
}

function contextWith(options: { remainingMs?: number; budget?: LlmCallBudget } = {}): CapabilityCallContext {
  const counts = new Map<string, number>();
  return {
    pluginId: 'p',
    publisher: 'builtin',
    actor: ACTOR,
    grant: {},
    signal: new AbortController().signal,
    budget: options.budget,
    remainingMs: () => options.remainingMs ?? 20_000,
    count: (key = 'platform') => {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return counts.get(key) ?? 0;
    },
    alsoUses: () => undefined,
  };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CapabilityError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'none';
}

describe('PlatformCapability', () => {
  const calls: GatewayCall[] = [];
  const capability = new PlatformCapability(recordingGateway(calls));
  const call = (action: string, args: JsonValue, context = contextWith()) => capability.handle('call', { action, args }, context);
  beforeEach(() => (calls.length = 0));

  it('When an agent is called, Then the gateway runs it as the caller, on the caller’s budget and signal, and its view comes back', async () => {
    const budget = new LlmCallBudget(10);
    const context = contextWith({ budget });
    expect(await call('agents.call', { agentId: AGENT_ID, message: 'Summarise the May incidents.' }, context)).toEqual({ answered_by: 'callAgent' });
    expect(calls).toEqual([
      {
        method: 'callAgent',
        actor: ACTOR,
        request: { agentId: AGENT_ID, message: 'Summarise the May incidents.' },
        options: { budget, signal: context.signal },
      },
    ]);
  });

  it('When a workflow is run without input or wait, Then it runs now with an empty object; wait false queues it', async () => {
    await call('workflows.run', { workflowId: 'w1' });
    await call('workflows.run', { workflowId: 'w1', input: [1, 'two', { three: 3 }], wait: false });
    expect(calls.map((c) => c.request)).toEqual([
      { workflowId: 'w1', input: {}, wait: true },
      { workflowId: 'w1', input: [1, 'two', { three: 3 }], wait: false },
    ]);
  });

  it('When a task is created, Then its due date is parsed and the optional fields pass through', async () => {
    await call('tasks.create', {
      title: 'Refund order 10482',
      priority: 'urgent',
      requiresApproval: true,
      dependsOn: ['t1', 't2'],
      dueAt: '2030-05-10T19:00:00+02:00',
      goalId: 'g1',
      description: '',
    });
    expect(calls[0].request).toEqual({
      title: 'Refund order 10482',
      description: '',
      goalId: 'g1',
      priority: 'urgent',
      requiresApproval: true,
      dependsOn: ['t1', 't2'],
      dueAt: new Date('2030-05-10T17:00:00Z'),
    });
    await call('tasks.create', { title: 'Plan', dueAt: '2030-02-28' });
    expect(calls[1].request).toMatchObject({ title: 'Plan', dueAt: new Date('2030-02-28T00:00:00Z') });
  });

  it('When a task status is updated, Then the target, result and reason reach the gateway', async () => {
    await call('tasks.update_status', { taskId: 't1', status: 'completed', result: { pages: 4 } });
    await call('tasks.update_status', { taskId: 't1', status: 'failed', reason: 'The source was offline' });
    expect(calls.map((c) => c.request)).toEqual([
      { taskId: 't1', status: 'completed', result: { pages: 4 }, reason: undefined },
      { taskId: 't1', status: 'failed', result: undefined, reason: 'The source was offline' },
    ]);
  });

  it('When a run is scheduled by cron or for one time, Then exactly that timing reaches the gateway', async () => {
    await call('schedules.create', {
      targetType: 'agent',
      targetId: AGENT_ID,
      cron: '0 9 * * 1-5',
      timezone: 'Europe/Paris',
      input: 'Brief me',
      name: 'Morning',
    });
    await call('schedules.create', { targetType: 'workflow', targetId: 'w1', runAt: '2030-01-15T08:00:00Z' });
    expect(calls.map((c) => c.request)).toEqual([
      { targetType: 'agent', targetId: AGENT_ID, cron: '0 9 * * 1-5', runAt: undefined, timezone: 'Europe/Paris', input: 'Brief me', name: 'Morning' },
      {
        targetType: 'workflow',
        targetId: 'w1',
        cron: undefined,
        runAt: new Date('2030-01-15T08:00:00Z'),
        timezone: undefined,
        input: undefined,
        name: undefined,
      },
    ]);
  });

  it('When the action is unknown, Then the call fails naming every known action', async () => {
    expect(await codeOf(call('agents.list', {}))).toBe(
      `invalid_argument: platform.call: unknown action "agents.list"; the actions are ${PLATFORM_ACTIONS.join(', ')}`,
    );
    expect(await codeOf(capability.handle('call', { args: {} }, contextWith()))).toBe('invalid_argument: platform.call: "action" must be a string');
    expect(calls).toHaveLength(0);
  });

  it.each<[string, JsonObject, string]>([
    ['agents.call', { agentId: AGENT_ID }, 'invalid_argument: agents.call: "message" must be a string'],
    ['agents.call', { agentId: AGENT_ID, message: '' }, 'invalid_argument: agents.call: "message" must be 1–32000 characters'],
    ['agents.call', { agentId: 'x'.repeat(37), message: 'hi' }, 'invalid_argument: agents.call: "agentId" must be 1–36 characters'],
    ['agents.call', { agent_id: AGENT_ID, message: 'hi' }, 'invalid_argument: agents.call: unknown field "agent_id"; expected agentId, message'],
    ['workflows.run', { workflowId: 'w1', wait: 'yes' }, 'invalid_argument: workflows.run: "wait" must be a boolean'],
    ['workflows.run', { workflowId: 'w1', input: { blob: 'x'.repeat(70_000) } }, 'too_large: workflows.run: "input" is over 65536 characters of JSON'],
    ['tasks.create', { title: 'T', priority: 'asap' }, 'invalid_argument: tasks.create: "priority" must be one of low, normal, high, urgent'],
    ['tasks.create', { title: 'T', dependsOn: ['t1', 2] }, 'invalid_argument: tasks.create: "dependsOn" must be an array of strings'],
    [
      'tasks.create',
      { title: 'T', dueAt: '2030-02-30' },
      'invalid_argument: tasks.create: "dueAt" must be an ISO 8601 date or date-time with a time zone, e.g. 2024-06-01T09:00:00Z',
    ],
    [
      'tasks.create',
      { title: 'T', dueAt: '2030-05-10T17:00:00' },
      'invalid_argument: tasks.create: "dueAt" must be an ISO 8601 date or date-time with a time zone, e.g. 2024-06-01T09:00:00Z',
    ],
    ['tasks.create', { title: 'x'.repeat(201) }, 'invalid_argument: tasks.create: "title" must be 1–200 characters'],
    [
      'tasks.update_status',
      { taskId: 't1', status: 'awaiting_approval' },
      'invalid_argument: tasks.update_status: "status" must be one of pending, claimed, completed, failed',
    ],
    ['tasks.update_status', { taskId: 't1' }, 'invalid_argument: tasks.update_status: "status" must be one of pending, claimed, completed, failed'],
    [
      'schedules.create',
      { targetType: 'agent', targetId: AGENT_ID },
      'invalid_argument: schedules.create: give exactly one of "cron" (a recurring run) and "runAt" (a single run)',
    ],
    [
      'schedules.create',
      { targetType: 'agent', targetId: AGENT_ID, cron: '@daily', runAt: '2030-01-15T08:00:00Z' },
      'invalid_argument: schedules.create: give exactly one of "cron" (a recurring run) and "runAt" (a single run)',
    ],
    [
      'schedules.create',
      { targetType: 'team', targetId: AGENT_ID, cron: '@daily' },
      'invalid_argument: schedules.create: "targetType" must be one of workflow, agent',
    ],
  ])('When %s gets %j, Then it fails with "%s" before the gateway', async (action, args, expected) => {
    expect(await codeOf(call(action, args))).toBe(expected);
    expect(calls).toHaveLength(0);
  });

  it('When args is not an object, Then the call is refused', async () => {
    expect(await codeOf(call('tasks.create', ['Refund']))).toBe('invalid_argument: tasks.create: expected an object');
  });

  it('When a tool call makes a fourth nested run, Then the quota stops it, whatever the mix of agents and workflows', async () => {
    const context = contextWith();
    await call('agents.call', { agentId: AGENT_ID, message: 'a' }, context);
    await call('workflows.run', { workflowId: 'w1' }, context);
    await call('workflows.run', { workflowId: 'w1', wait: false }, context);
    expect(await codeOf(call('agents.call', { agentId: AGENT_ID, message: 'b' }, context))).toBe(
      'quota_exceeded: A tool call may make at most 3 agent calls and workflow runs',
    );
    // Other kinds of use have quotas of their own.
    expect(await call('tasks.create', { title: 'still fine' }, context)).toEqual({ answered_by: 'createTask' });
    expect(calls).toHaveLength(4);
  });

  it('When a tool call writes tasks 21 times or schedules 6 times, Then the quotas stop it', async () => {
    const context = contextWith();
    for (let i = 0; i < 10; i += 1) {
      await call('tasks.create', { title: `T${i}` }, context);
      await call('tasks.update_status', { taskId: `t${i}`, status: 'claimed' }, context);
    }
    expect(await codeOf(call('tasks.create', { title: 'one more' }, context))).toBe('quota_exceeded: A tool call may make at most 20 task writes');
    for (let i = 0; i < 5; i += 1) await call('schedules.create', { targetType: 'workflow', targetId: 'w1', cron: '@daily' }, context);
    expect(await codeOf(call('schedules.create', { targetType: 'workflow', targetId: 'w1', cron: '@daily' }, context))).toBe(
      'quota_exceeded: A tool call may make at most 5 schedules',
    );
  });

  it('When less than a second is left, Then no nested run starts, but queuing one still works', async () => {
    const context = contextWith({ remainingMs: 900 });
    expect(await codeOf(call('agents.call', { agentId: AGENT_ID, message: 'a' }, context))).toBe(
      'timeout: agents.call: the tool call has no time left for a nested run',
    );
    expect(await codeOf(call('workflows.run', { workflowId: 'w1' }, context))).toBe('timeout: workflows.run: the tool call has no time left for a nested run');
    expect(await call('workflows.run', { workflowId: 'w1', wait: false }, context)).toEqual({ answered_by: 'runWorkflow' });
  });
});

describe('platform through the router', () => {
  const scope = (actions: string[]): CapabilityScope => ({
    pluginId: 'update_task_status',
    publisher: 'builtin',
    grants: { platform: { actions } },
    actor: ACTOR,
    signal: new AbortController().signal,
    deadline: Number.MAX_SAFE_INTEGER,
    counts: new Map(),
    used: new Set(),
  });
  const decode = (answer: string) => ({ ok: answer[0] === '1', body: JSON.parse(answer.slice(1)) as unknown });

  it.each(['call_agent', 'run_workflow', 'create_task', 'update_task_status', 'schedule_run'])(
    'When %s asks for an action outside its manifest, Then it is denied before the gateway',
    async (toolId) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const manifest = require(`../../../tools-builtin/${toolId}/manifest.json`) as { capabilities: { platform: { actions: string[] } } };
      const [own] = manifest.capabilities.platform.actions;
      const calls: GatewayCall[] = [];
      const router = new CapabilityRouter();
      router.register('platform', new PlatformCapability(recordingGateway(calls)));
      const other = PLATFORM_ACTIONS.find((action) => action !== own);
      const answer = decode(
        await router.handle(scope(manifest.capabilities.platform.actions), 'platform', 'call', JSON.stringify({ action: other, args: {} })),
      );
      expect(answer).toEqual({ ok: false, body: { code: 'capability_denied', message: `The manifest does not allow the platform action "${other}"` } });
      expect(manifest.capabilities.platform.actions).toEqual([own]);
      expect(calls).toHaveLength(0);
    },
  );

  it('When the use case refuses an illegal task move, Then the plugin gets the conflict code and the use case’s message', async () => {
    const router = new CapabilityRouter();
    router.register('platform', new PlatformCapability(recordingGateway([], () => new IllegalTaskTransitionError('claim', 'completed'))));
    const answer = await router.handle(
      scope(['tasks.update_status']),
      'platform',
      'call',
      JSON.stringify({ action: 'tasks.update_status', args: { taskId: 't1', status: 'claimed' } }),
    );
    expect(decode(answer)).toEqual({ ok: false, body: { code: 'conflict', message: 'Cannot claim a task that is completed' } });
  });
});
