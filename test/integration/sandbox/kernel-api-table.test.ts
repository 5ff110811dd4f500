import { CAPABILITY_METHODS } from '../../../plugins/kernel/capabilities/capability-methods';
import { CapabilityCallback } from '../../../plugins/kernel/sandbox/sandbox-protocol';
import { SandboxSupervisor } from '../../../plugins/kernel/sandbox/sandbox-supervisor';

/** What the SDK adds in the isolate over the host's methods (kernel-api.d.ts); everything else is the host's table. */
const SDK_CONVENIENCES: Record<string, string[]> = { http: ['get', 'post'], llm: ['complete'] };

const SHAPE_OF_KERNEL_API = `
const api = require('kernel:api');
exports.default = () => {
  const shape = {};
  for (const name of Object.keys(api)) if (name !== 'KernelError' && name !== 'ToolError' && name !== 'log') shape[name] = Object.keys(api[name]).sort();
  return shape;
};`;

const CALL_PROBE = `
const { kv } = require('kernel:api');
exports.default = async () => {
  try { return { answer: await kv.probe({ ping: 1 }) }; } catch (error) { return { code: error.code }; }
};`;

function plugin(id: string, code: string, grants: string[]) {
  return { key: `${id}@1.0.0#0`, id, code, grants, memoryMb: 16, cpuMs: 500, timeoutMs: 5000 };
}

const noCapabilities: CapabilityCallback = async () => '0{"code":"unavailable","message":"none"}';

function run(supervisor: SandboxSupervisor, key: string, onCapability = noCapabilities) {
  return supervisor.run({ key, user: 'u1', input: '{}', cpuMs: 500, timeoutMs: 5000 }, onCapability);
}

function expectedShape(table: Readonly<Record<string, ReadonlyArray<string>>>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(table).map(([name, methods]) => [name, [...methods, ...(SDK_CONVENIENCES[name] ?? [])].sort()]));
}

describe('kernel:api is built from the host’s capability method table', () => {
  it('When the worker starts with the default table, Then kernel:api exposes exactly its capabilities and methods', async () => {
    const supervisor = new SandboxSupervisor({ workers: 1 });
    try {
      await supervisor.start();
      supervisor.load(plugin('shape', SHAPE_OF_KERNEL_API, []));
      const result = await run(supervisor, 'shape@1.0.0#0');
      expect(result.ok).toBe(true);
      expect(result.ok && JSON.parse(result.output)).toEqual(expectedShape(CAPABILITY_METHODS));
    } finally {
      await supervisor.close();
    }
  });

  describe('When the host’s table has a method the SDK has never heard of', () => {
    const table = { ...CAPABILITY_METHODS, kv: [...CAPABILITY_METHODS.kv, 'probe'] };
    let supervisor: SandboxSupervisor;

    beforeAll(async () => {
      supervisor = new SandboxSupervisor({ workers: 1, capabilityMethods: table });
      await supervisor.start();
      supervisor.load(plugin('shape', SHAPE_OF_KERNEL_API, []));
      supervisor.load(plugin('granted', CALL_PROBE, ['kv']));
      supervisor.load(plugin('denied', CALL_PROBE, []));
    });
    afterAll(() => supervisor.close());

    it('Then kernel:api has it too', async () => {
      const result = await run(supervisor, 'shape@1.0.0#0');
      expect(result.ok && JSON.parse(result.output)).toEqual(expectedShape(table));
    });

    it('Then a granted plugin’s call reaches the host with its payload', async () => {
      const calls: string[][] = [];
      const result = await run(supervisor, 'granted@1.0.0#0', async (capability, method, args) => {
        calls.push([capability, method, args]);
        return '1"pong"';
      });
      expect(result.ok && JSON.parse(result.output)).toEqual({ answer: 'pong' });
      expect(calls).toEqual([['kv', 'probe', '{"ping":1}']]);
    });

    it('Then an ungranted plugin’s call rejects with capability_denied and never reaches the host', async () => {
      const calls: string[] = [];
      const result = await run(supervisor, 'denied@1.0.0#0', async (capability) => {
        calls.push(capability);
        return '1null';
      });
      expect(result.ok && JSON.parse(result.output)).toEqual({ code: 'capability_denied' });
      expect(calls).toEqual([]);
    });
  });
});
