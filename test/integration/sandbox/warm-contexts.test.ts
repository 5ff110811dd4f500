import { SandboxSupervisor } from '../../../plugins/kernel/sandbox/sandbox-supervisor';
import { createTestKernel, TestKernel } from '../../support/kernel-harness';

const ALICE = { actor: { userId: 'alice', role: 'user' as const } };
const BOB = { actor: { userId: 'bob', role: 'user' as const } };

function manifest(id: string, overrides: Record<string, unknown> = {}) {
  return {
    manifestVersion: 1,
    id,
    publisher: 'tests',
    name: id,
    version: '1.0.0',
    kernel: '^1.0.0',
    description: `The ${id} test plugin.`,
    category: 'code',
    kind: 'tool',
    entry: 'index.js',
    input_schema: { type: 'object' },
    output_schema: {},
    capabilities: {},
    ...overrides,
  };
}

/** Module state a plugin may keep: what it was given, how often it ran, how often init() ran. */
const REMEMBERS = `
let inits = 0;
let calls = 0;
const seen = [];
exports.init = () => { inits += 1; };
exports.default = (input) => {
  calls += 1;
  if (input.secret) seen.push(input.secret);
  if (input.spin) for (;;) {}
  if (input.hang) return new Promise(() => undefined);
  if (input.hoard) { const hoard = []; for (;;) hoard.push(new Array(100000).fill(calls)); }
  if (input.stray) Promise.reject(new Error('stray'));
  return { calls, inits, seen };
};
`;

describe('Warm contexts: one per plugin version and user', () => {
  let kernel: TestKernel;

  beforeAll(async () => {
    kernel = await createTestKernel({ tools: [] });
    await kernel.registry.register(manifest('remembers', { limits: { timeout_ms: 400, cpu_ms: 100, memory_mb: 16 } }), REMEMBERS, { enabled: true });
    // The same code with time to spare, so filling 16 MB cannot lose a race to the CPU limit on a busy machine.
    await kernel.registry.register(manifest('hoards', { limits: { timeout_ms: 20_000, cpu_ms: 10_000, memory_mb: 16 } }), REMEMBERS, { enabled: true });
  });

  afterAll(() => kernel.close());

  const call = (input: object, who: { actor: { userId: string; role: 'user' } }, plugin = 'remembers') => kernel.invoke(plugin, input as never, who);

  it("When two users call the same plugin, Then neither sees the other's module state", async () => {
    expect(await call({ secret: 'c1' }, { actor: { userId: 'carol', role: 'user' } })).toMatchObject({ success: true, result: { seen: ['c1'] } });
    expect(await call({ secret: 'a1' }, ALICE)).toMatchObject({ success: true, result: { seen: ['a1'] } });
    expect(await call({ secret: 'b1' }, BOB)).toMatchObject({ success: true, result: { seen: ['b1'] } });
    expect(await call({ secret: 'a2' }, ALICE)).toMatchObject({ success: true, result: { seen: ['a1', 'a2'] } });
    const bob = await call({}, BOB);
    expect(bob).toMatchObject({ success: true, result: { seen: ['b1'] } });
    expect(JSON.stringify(bob)).not.toMatch(/a1|a2|c1/);
  });

  it('When the same user calls again, Then the module and init() are not run again (the context is reused)', async () => {
    const dave = { actor: { userId: 'dave', role: 'user' as const } };
    expect(await call({}, dave)).toMatchObject({ success: true, result: { calls: 1, inits: 1 } });
    expect(await call({}, dave)).toMatchObject({ success: true, result: { calls: 2, inits: 1 } });
    expect(await call({}, dave)).toMatchObject({ success: true, result: { calls: 3, inits: 1 } });
  });

  it.each([
    ['runs past its CPU limit', { spin: true }, 'timeout', 'remembers'],
    ['misses its deadline', { hang: true }, 'timeout', 'remembers'],
    ['hits its memory limit', { hoard: true }, 'memory_limit', 'hoards'],
    ['leaves a rejection unhandled', { stray: true }, 'runtime_error', 'remembers'],
  ])('When a call %s, Then its context is discarded and the next call starts from a fresh module', async (_what, input, code, plugin) => {
    const erin = { actor: { userId: `erin-${code}-${Object.keys(input)[0]}`, role: 'user' as const } };
    expect(await call({ secret: 'before' }, erin, plugin)).toMatchObject({ success: true, result: { calls: 1 } });
    expect(await call(input, erin, plugin)).toMatchObject({ success: false, error: { code } });
    expect(await call({}, erin, plugin)).toMatchObject({ success: true, result: { calls: 1, inits: 1, seen: [] } });
  });

  it('When a capability answer or a timer of an ended call arrives, Then no code chained on it runs, not even in the next call of the same context', async () => {
    const code = `
      const { kv } = require('kernel:api');
      const leaks = [];
      exports.default = async (input) => {
        if (input.leave) {
          kv.get('k').then(() => leaks.push('capability'), () => leaks.push('capability failed'));
          setTimeout(() => leaks.push('timer'), 20);
          return { left: true };
        }
        await new Promise((resolve) => setTimeout(resolve, 60));
        return { leaks };
      };`;
    await kernel.registry.register(manifest('leaves_work', { capabilities: { kv: {} } }), code, { enabled: true });
    expect(await kernel.invoke('leaves_work', { leave: true }, ALICE)).toMatchObject({ success: true, result: { left: true } });
    expect(await kernel.invoke('leaves_work', {}, ALICE)).toMatchObject({ success: true, result: { leaks: [] } });
  });

  it("When a call leaves a rejection unhandled after an await, Then later calls, its user's or another's, neither fail nor see it", async () => {
    const code = `
      let calls = 0;
      exports.default = async (input) => {
        calls += 1;
        if (input.secret) {
          await new Promise((resolve) => setTimeout(resolve, 1));
          Promise.reject(new Error('left behind: ' + input.secret));
        }
        return { calls };
      };`;
    await kernel.registry.register(manifest('strays_late'), code, { enabled: true });
    expect(await kernel.invoke('strays_late', { secret: 'alice-data' }, ALICE)).toMatchObject({ success: true });
    // Nothing was disposed for it either: Alice's module state is still there.
    for (const [who, calls] of [
      [BOB, 1],
      [ALICE, 2],
      [ALICE, 3],
      [BOB, 2],
    ] as const) {
      const outcome = await kernel.invoke('strays_late', {}, who);
      expect(outcome).toMatchObject({ success: true, result: { calls } });
      expect(JSON.stringify(outcome)).not.toContain('alice-data');
    }
    expect(await kernel.invoke('strays_late', { secret: 'alice-again' }, ALICE)).toMatchObject({ success: true, result: { calls: 4 } });
    expect(await kernel.invoke('strays_late', {}, ALICE)).toMatchObject({ success: true, result: { calls: 5 } });
  });

  it('When a call awaits an async WebAssembly compile, Then it completes (V8 tasks get to run)', async () => {
    const code = `
      const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
      exports.default = async () => ({ exports: WebAssembly.Module.exports(await WebAssembly.compile(EMPTY_MODULE)).length });`;
    await kernel.registry.register(manifest('awaits_wasm', { limits: { timeout_ms: 2000 } }), code, { enabled: true });
    expect(await kernel.invoke('awaits_wasm', {}, ALICE)).toMatchObject({ success: true, result: { exports: 0 } });
    expect(await kernel.invoke('awaits_wasm', {}, ALICE)).toMatchObject({ success: true, result: { exports: 0 } });
  });

  it('When init() awaits an async WebAssembly compile, Then the context loads and serves calls', async () => {
    const code = `
      const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
      let compiled;
      exports.init = async () => { compiled = await WebAssembly.compile(EMPTY_MODULE); };
      exports.default = () => ({ exports: WebAssembly.Module.exports(compiled).length });`;
    await kernel.registry.register(manifest('init_awaits_wasm', { limits: { timeout_ms: 2000 } }), code, { enabled: true });
    expect(await kernel.invoke('init_awaits_wasm', {}, BOB)).toMatchObject({ success: true, result: { exports: 0 } });
  });

  it('When the module starts async work while loading, Then a later call can still await it', async () => {
    const code = `
      const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
      const compiled = WebAssembly.compile(EMPTY_MODULE);
      exports.default = async () => ({ exports: WebAssembly.Module.exports(await compiled).length });`;
    await kernel.registry.register(manifest('loads_wasm'), code, { enabled: true });
    expect(await kernel.invoke('loads_wasm', {}, ALICE)).toMatchObject({ success: true, result: { exports: 0 } });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await kernel.invoke('loads_wasm', {}, ALICE)).toMatchObject({ success: true, result: { exports: 0 } });
  });
});

describe('Warm contexts: least recently used eviction', () => {
  const counter = (id: string) => ({
    key: `${id}@1.0.0#0`,
    id,
    code: 'let calls = 0; exports.default = () => ({ calls: ++calls });',
    grants: [],
    memoryMb: 16,
    cpuMs: 500,
    timeoutMs: 2000,
  });
  const noCapabilities = async () => '0{"code":"unavailable","message":"none"}';
  let supervisor: SandboxSupervisor;

  afterEach(() => supervisor.close());

  const start = async (options: { maxContextsPerIsolate?: number; maxContextsPerWorker?: number }, ids: string[]) => {
    supervisor = new SandboxSupervisor({ workers: 1, maxIsolatesPerPlugin: 1, ...options });
    await supervisor.start();
    for (const id of ids) supervisor.load(counter(id));
  };
  const callsOf = async (id: string, user: string) => {
    const result = await supervisor.run({ key: counter(id).key, user, input: '{}', cpuMs: 500, timeoutMs: 2000 }, noCapabilities);
    if (!result.ok) throw new Error(`call failed: ${result.error.code}`);
    return (JSON.parse(result.output) as { calls: number }).calls;
  };

  it('When more users call than an isolate keeps contexts for, Then the least recently used user starts again from a fresh module', async () => {
    await start({ maxContextsPerIsolate: 2 }, ['counter']);
    expect(await callsOf('counter', 'u1')).toBe(1);
    expect(await callsOf('counter', 'u2')).toBe(1);
    expect(await callsOf('counter', 'u1')).toBe(2);
    expect(await callsOf('counter', 'u3')).toBe(1); // evicts u2, the least recently used
    expect(await callsOf('counter', 'u1')).toBe(3);
    expect(await callsOf('counter', 'u2')).toBe(1); // evicts u3
    expect(await callsOf('counter', 'u1')).toBe(4);
  });

  it('When a worker holds more contexts than its cap, Then the least recently used one of any plugin is released', async () => {
    await start({ maxContextsPerWorker: 2 }, ['first', 'second']);
    expect(await callsOf('first', 'u1')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await callsOf('second', 'u1')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await callsOf('second', 'u2')).toBe(1); // evicts first/u1
    expect(await callsOf('second', 'u1')).toBe(2);
    expect(await callsOf('first', 'u1')).toBe(1);
  });
});
