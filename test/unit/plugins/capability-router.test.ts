import { EgressForbiddenTargetError } from '../../../core/domain/tool/egress.errors';
import { LlmBudgetExceededError } from '../../../core/domain/llm/llm.errors';
import { ConflictError, NotFoundError } from '../../../core/shared/common.errors';
import { DailyQuotaExceededError } from '../../../core/services/quotas/daily-quotas.service';
import { CapabilityError } from '../../../plugins/kernel/capabilities/capability-error';
import { CapabilityRouter } from '../../../plugins/kernel/capabilities/capability-router';
import { CapabilityScope } from '../../../plugins/kernel/capabilities/capability-scope';

const scope = (grants: CapabilityScope['grants']): CapabilityScope => ({
  pluginId: 'probe',
  publisher: 'acme',
  grants,
  actor: { userId: 'u1', role: 'user' },
  signal: new AbortController().signal,
  deadline: Number.MAX_SAFE_INTEGER,
  counts: new Map(),
  used: new Set(),
});

const decode = (answer: string) => ({ ok: answer[0] === '1', body: JSON.parse(answer.slice(1)) as unknown });

describe('CapabilityRouter', () => {
  it('When the handler answers, Then the value is encoded as 1<json> and the capability recorded as used', async () => {
    const router = new CapabilityRouter();
    router.register('knowledge', { handle: async (method, args, context) => ({ method, args, user: context.actor.userId, grant: context.grant }) });
    const s = scope({ knowledge: {} });
    expect(decode(await router.handle(s, 'knowledge', 'search', '{"query":"q"}'))).toEqual({
      ok: true,
      body: { method: 'search', args: { query: 'q' }, user: 'u1', grant: {} },
    });
    expect([...s.used]).toEqual(['knowledge']);
  });

  it.each([
    [new CapabilityError('not_found', 'no such thing'), { code: 'not_found', message: 'no such thing' }],
    [new EgressForbiddenTargetError('private address'), { code: 'forbidden_target', message: 'private address' }],
    [new LlmBudgetExceededError(3), { code: 'quota_exceeded', message: 'The run used its budget of 3 LLM calls' }],
    [new DailyQuotaExceededError('emails', 50, 3600), { code: 'quota_exceeded', message: 'Daily quota reached: at most 50 e-mails per day; try again later' }],
    [new NotFoundError('knowledge_base'), { code: 'not_found', message: 'knowledge_base not found' }],
    [new ConflictError('task', 'A completed task cannot be claimed'), { code: 'conflict', message: 'A completed task cannot be claimed' }],
    [new Error('ECONNREFUSED 10.0.0.5:5432 password=hunter2'), { code: 'upstream_error', message: 'The notify capability failed' }],
  ])('When the handler throws %p, Then the plugin gets only a safe code and message', async (error, expected) => {
    const router = new CapabilityRouter();
    router.register('notify', { handle: async () => Promise.reject(error) });
    expect(decode(await router.handle(scope({ notify: {} }), 'notify', 'send', '{"message":"m"}'))).toEqual({ ok: false, body: expected });
  });

  it('When the grant, the method or the handler is missing, Then the call is refused before any handler runs', async () => {
    const router = new CapabilityRouter();
    const handle = jest.fn(async () => null);
    router.register('kv', { handle });
    expect(decode(await router.handle(scope({}), 'kv', 'get', '{}')).body).toMatchObject({ code: 'capability_denied' });
    expect(decode(await router.handle(scope({ kv: {} }), 'kv', 'drop', '{}')).body).toMatchObject({ code: 'invalid_argument' });
    expect(decode(await router.handle(scope({ kv: {} }), 'shell', 'run', '{}')).body).toMatchObject({ code: 'invalid_argument' });
    expect(decode(await router.handle(scope({ datasource: {} }), 'datasource', 'query', '{}')).body).toMatchObject({ code: 'unavailable' });
    expect(handle).not.toHaveBeenCalled();
  });

  it('When a handler counts a kind of use by key, Then it is counted apart from the capability’s own uses, per tool call', async () => {
    const router = new CapabilityRouter();
    router.register('platform', { handle: async (_method, _args, context) => [context.count(), context.count('runs'), context.count('runs')] });
    const s = scope({ platform: {} });
    expect(decode(await router.handle(s, 'platform', 'call', '{"action":"a"}')).body).toEqual([1, 1, 2]);
    expect(decode(await router.handle(s, 'platform', 'call', '{"action":"a"}')).body).toEqual([2, 3, 4]);
    expect(decode(await router.handle(scope({ platform: {} }), 'platform', 'call', '{"action":"a"}')).body).toEqual([1, 1, 2]);
  });

  it('When the manifest narrows platform actions or notify channels, Then other ones are denied', async () => {
    const router = new CapabilityRouter();
    router.register('platform', { handle: async () => 'done' });
    router.register('notify', { handle: async () => 'sent' });
    const s = scope({ platform: { actions: ['agents.list'] }, notify: { channels: ['in_app'] } });
    expect(decode(await router.handle(s, 'platform', 'call', '{"action":"agents.list"}'))).toEqual({ ok: true, body: 'done' });
    expect(decode(await router.handle(s, 'platform', 'call', '{"action":"agents.delete"}')).body).toMatchObject({ code: 'capability_denied' });
    expect(decode(await router.handle(s, 'notify', 'send', '{"message":"m"}'))).toEqual({ ok: true, body: 'sent' });
    expect(decode(await router.handle(s, 'notify', 'send', '{"message":"m","channel":"email"}')).body).toMatchObject({ code: 'capability_denied' });
  });
});
