/* eslint-disable @typescript-eslint/no-require-imports -- the worker is plain JavaScript, required as the worker does */
import ivm from 'isolated-vm';

interface Warm {
  user: string;
  released: boolean;
  context: ivm.Context;
}
interface Slot {
  isolate: ivm.Isolate;
  contexts: Map<string, Warm>;
  run(call: object): Promise<{ ok: boolean; output?: string; error?: { code: string } }>;
}
interface Pool {
  slots: Slot[];
  lease(user: string): Promise<Slot>;
  release(slot: Slot): void;
  dispose(): void;
}
const { PluginPool } = require('../../../plugins/kernel/sandbox/worker/plugin-pool.js') as {
  PluginPool: new (spec: object, options: object, hooks: object) => Pool;
};

const spec = {
  key: 'counter@1',
  id: 'counter',
  code: 'let calls = 0; exports.default = () => ({ calls: ++calls });',
  grants: [],
  memoryMb: 16,
  cpuMs: 500,
  timeoutMs: 2000,
};
const options = {
  maxIsolates: 1,
  maxContexts: 2,
  contextIdleMs: 60_000,
  idleMs: 60_000,
  spareIdleMs: 60_000,
  bootstrap: { maxOutputChars: 1_048_576, maxLogLines: 200, maxLogChars: 2000 },
};
const hooks = { hostCall: async () => '0{"code":"unavailable","message":"none"}', onCatastrophic: () => undefined };

describe('Isolate slot (the worker side, in this process)', () => {
  let pool: Pool;
  let id = 0;

  beforeEach(() => {
    pool = new PluginPool(spec, options, hooks);
  });

  afterEach(() => pool.dispose());

  const call = async (user: string) => {
    const slot = await pool.lease(user);
    try {
      const result = await slot.run({ id: (id += 1), user, input: '{}', cpuMs: 500, timeoutMs: 2000, kernelCodes: new Set(), used: new Set() });
      return JSON.parse(result.output ?? 'null') as { calls: number };
    } finally {
      pool.release(slot);
    }
  };

  it('When users call, Then each gets a context of their own, kept under their id', async () => {
    expect(await call('u1')).toEqual({ calls: 1 });
    expect(await call('u2')).toEqual({ calls: 1 });
    expect(await call('u1')).toEqual({ calls: 2 });
    const [slot] = pool.slots;
    expect([...slot.contexts.keys()]).toEqual(['u2', 'u1']);
    expect([...slot.contexts.values()].map((warm) => warm.user)).toEqual(['u2', 'u1']);
  });

  it('When a context is evicted, Then its handles are released (the isolate can reclaim it) and the others stay', async () => {
    await call('u1');
    await call('u2');
    const [slot] = pool.slots;
    const evicted = slot.contexts.get('u1') as Warm;
    await call('u3');
    expect([...slot.contexts.keys()]).toEqual(['u2', 'u3']);
    expect(evicted.released).toBe(true);
    await expect(slot.isolate.compileScriptSync('1').run(evicted.context)).rejects.toThrow(/released/);
    expect(slot.contexts.get('u2')?.released).toBe(false);
  });

  it('When an idle isolate spins (work left behind by a call), Then the next lease disposes it and a fresh isolate serves', async () => {
    await call('u1');
    const [slot] = pool.slots;
    const context = (slot.contexts.get('u1') as Warm).context;
    slot.isolate
      .compileScriptSync('for (;;) {}')
      .run(context)
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await call('u1')).toEqual({ calls: 1 });
    expect(slot.isolate.isDisposed).toBe(true);
    expect(pool.slots).not.toContain(slot);
  });
});
