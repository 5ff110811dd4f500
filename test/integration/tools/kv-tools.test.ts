import { InMemoryKeyValueStore } from '../../fixtures/kv/in-memory-key-value-store';
import { Actor } from '../../../core/domain/auth/actor';
import { JsonValue } from '../../../core/shared/json';
import { kvNamespace } from '../../../plugins/kernel/capabilities/kv-capability';
import { createTestKernel, TEST_ACTOR, TestKernel } from '../../support/kernel-harness';

const OTHER_USER: Actor = { userId: 'user-2', role: 'user' };
const START = Date.UTC(2025, 0, 1);

// The store reads this clock, so expiry is tested without waiting.
let now = START;
const store = new InMemoryKeyValueStore(() => now);
let kernel: TestKernel;

beforeAll(async () => {
  kernel = await createTestKernel({ tools: ['kv_get', 'kv_set'], kv: store });
});
afterAll(() => kernel.close());
beforeEach(() => {
  now = START;
});

/** Where the kernel keeps a built-in tool's keys for a user (the built-ins share one namespace per user). */
function namespaceOf(_toolId: string, actor: Actor = TEST_ACTOR): string {
  return kvNamespace('builtin', actor.userId);
}

async function run(id: string, input: JsonValue, actor: Actor = TEST_ACTOR): Promise<JsonValue> {
  const outcome = await kernel.invoke(id, input, { actor });
  if (!outcome.success) throw new Error(`${id} failed: ${outcome.error.code} ${outcome.error.message}`);
  expect(outcome.receipt.capabilities_used).toEqual(['kv']);
  return outcome.result;
}

describe('kv_set', () => {
  it('When a JSON value is stored, Then the kernel store holds it for the calling user', async () => {
    const value = { theme: 'dark', sizes: [1, 2.5], nested: { ok: true, none: null } };
    expect(await run('kv_set', { key: 'preferences/ui', value })).toEqual({ key: 'preferences/ui', stored: true, ttl_seconds: null });
    expect(await store.get(namespaceOf('kv_set'), 'preferences/ui')).toEqual(value);
    expect(await store.get(namespaceOf('kv_set', OTHER_USER), 'preferences/ui')).toBeUndefined();
  });

  it('When a key is stored again, Then the new value replaces the old one', async () => {
    await run('kv_set', { key: 'counter', value: 1 });
    await run('kv_set', { key: 'counter', value: 2 });
    expect(await store.get(namespaceOf('kv_set'), 'counter')).toBe(2);
  });

  it('When ttl_seconds is given, Then the value expires after that time and not before', async () => {
    expect(await run('kv_set', { key: 'cache/weather', value: 'sunny', ttl_seconds: 60 })).toEqual({
      key: 'cache/weather',
      stored: true,
      ttl_seconds: 60,
    });
    now = START + 59_000;
    expect(await store.get(namespaceOf('kv_set'), 'cache/weather')).toBe('sunny');
    now = START + 60_000;
    expect(await store.get(namespaceOf('kv_set'), 'cache/weather')).toBeUndefined();
  });

  it('When two users store the same key, Then each keeps their own value', async () => {
    await run('kv_set', { key: 'shared-name', value: 'mine' });
    await run('kv_set', { key: 'shared-name', value: 'theirs' }, OTHER_USER);
    expect(await store.get(namespaceOf('kv_set'), 'shared-name')).toBe('mine');
    expect(await store.get(namespaceOf('kv_set', OTHER_USER), 'shared-name')).toBe('theirs');
  });

  it.each([
    ['an empty key', { key: '', value: 1 }],
    ['a 257-character key', { key: 'k'.repeat(257), value: 1 }],
    ['a zero ttl', { key: 'k', value: 1, ttl_seconds: 0 }],
    ['no value', { key: 'k' }],
    ['an unknown property', { key: 'k', value: 1, extra: true }],
  ])('When the input has %s, Then the kernel refuses it before the store', async (_case, input) => {
    const outcome = await kernel.invoke('kv_set', input);
    expect(outcome).toMatchObject({ success: false, error: { code: 'invalid_input' } });
    expect(await store.keys(namespaceOf('kv_set'), 'k', 10)).toEqual([]);
  });

  it('When the value is over 64 KB of JSON, Then the call fails saying so and nothing is stored', async () => {
    const outcome = await kernel.invoke('kv_set', { key: 'big', value: 'x'.repeat(64 * 1024) });
    expect(outcome).toMatchObject({ success: false, error: { message: 'The value is 65538 bytes of JSON; values are at most 65535 bytes' } });
    expect(await store.get(namespaceOf('kv_set'), 'big')).toBeUndefined();
  });
});

describe('kv_get', () => {
  it('When the key holds a value, Then it is returned as found', async () => {
    await store.set(namespaceOf('kv_get'), 'profile', { name: 'Ana', tags: ['a', 'b'] });
    expect(await run('kv_get', { key: 'profile' })).toEqual({ key: 'profile', found: true, value: { name: 'Ana', tags: ['a', 'b'] } });
  });

  it('When the key is absent, Then found is false and value null', async () => {
    expect(await run('kv_get', { key: 'never-set' })).toEqual({ key: 'never-set', found: false, value: null });
  });

  it('When the value has expired, Then it reads as absent', async () => {
    await store.set(namespaceOf('kv_get'), 'session-note', 'temporary', { ttlSeconds: 30 });
    expect(await run('kv_get', { key: 'session-note' })).toMatchObject({ found: true, value: 'temporary' });
    now = START + 30_000;
    expect(await run('kv_get', { key: 'session-note' })).toEqual({ key: 'session-note', found: false, value: null });
  });

  it("When another user asks for a user's key, Then they do not see it", async () => {
    await store.set(namespaceOf('kv_get'), 'private', 'secret plan');
    expect(await run('kv_get', { key: 'private' }, OTHER_USER)).toEqual({ key: 'private', found: false, value: null });
    expect(await run('kv_get', { key: 'private' })).toMatchObject({ found: true, value: 'secret plan' });
  });

  it('When the key is too long, Then the kernel refuses the input', async () => {
    expect(await kernel.invoke('kv_get', { key: 'k'.repeat(257) })).toMatchObject({ success: false, error: { code: 'invalid_input' } });
  });
});

describe('kv_set then kv_get', () => {
  it('When a value is set with kv_set, Then kv_get reads it back for the same user', async () => {
    await run('kv_set', { key: 'round-trip', value: { n: 42 } });
    expect(await run('kv_get', { key: 'round-trip' })).toEqual({ key: 'round-trip', found: true, value: { n: 42 } });
  });
});
