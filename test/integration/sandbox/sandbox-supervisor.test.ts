import { join } from 'node:path';
import { SandboxSupervisor } from '../../../plugins/kernel/sandbox/sandbox-supervisor';
import { createTestKernel, TestKernel } from '../../support/kernel-harness';

const FIXTURES = join(__dirname, '../../fixtures/plugins');
const plugin = { key: 'fixture@1.0.0#0', id: 'fixture', code: 'exports.default = () => 1;', grants: [], memoryMb: 16, cpuMs: 100, timeoutMs: 200 };
const request = { key: plugin.key, user: 'u1', input: '{}', cpuMs: 100, timeoutMs: 200 };
const noCapabilities = async () => '0{"code":"unavailable","message":"none"}';

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Sandbox supervisor', () => {
  describe('with the real worker', () => {
    let kernel: TestKernel;

    beforeAll(async () => {
      kernel = await createTestKernel({ tools: [], pluginDirs: [FIXTURES] });
    });

    afterAll(() => kernel.close());

    it('When a worker process is SIGKILLed from outside, Then it is replaced and calls succeed again', async () => {
      const [pid] = kernel.kernel.supervisor.pids();
      expect(await kernel.invoke('echo', { text: 'before' })).toMatchObject({ success: true });
      process.kill(pid, 'SIGKILL');
      await waitFor(() => kernel.kernel.supervisor.pids().some((p) => p !== pid));
      expect(kernel.kernel.supervisor.pids()).not.toContain(pid);
      expect(await kernel.invoke('echo', { text: 'after' })).toMatchObject({ success: true, result: { echo: 'after' } });
    });

    it('When a worker dies during a call, Then that call fails with unavailable and the next one succeeds', async () => {
      const [pid] = kernel.kernel.supervisor.pids();
      const pending = kernel.invoke('never_resolves', {});
      await new Promise((resolve) => setTimeout(resolve, 50));
      process.kill(pid, 'SIGKILL');
      expect(await pending).toMatchObject({ success: false, error: { code: 'unavailable' } });
      expect(await kernel.invoke('echo', { text: 'again' })).toMatchObject({ success: true });
    });

    it('Then the worker runs with an empty environment', async () => {
      const [pid] = kernel.kernel.supervisor.pids();
      const { readFileSync } = await import('node:fs');
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
      expect(environ.filter((v) => !v.startsWith('NODE_CHANNEL_'))).toEqual([]);
    });
  });

  it('When a worker stops answering, Then the supervisor deadline kills it, the call times out and a new worker starts', async () => {
    const supervisor = new SandboxSupervisor({ workers: 1, graceMs: 100, script: join(FIXTURES, 'silent-worker.js') });
    try {
      await supervisor.start();
      const [pid] = supervisor.pids();
      supervisor.load(plugin);
      const result = await supervisor.run(request, noCapabilities);
      expect(result).toMatchObject({ ok: false, error: { code: 'timeout' } });
      await waitFor(() => supervisor.pids().length === 1 && supervisor.pids()[0] !== pid);
      expect(supervisor.restartCount).toBe(1);
    } finally {
      await supervisor.close();
    }
  });

  it('When a worker reports a catastrophic error, Then its call fails with unavailable and it is replaced', async () => {
    const supervisor = new SandboxSupervisor({ workers: 1, script: join(FIXTURES, 'fatal-worker.js') });
    try {
      await supervisor.start();
      const [pid] = supervisor.pids();
      supervisor.load(plugin);
      expect(await supervisor.run(request, noCapabilities)).toMatchObject({ ok: false, error: { code: 'unavailable' } });
      await waitFor(() => supervisor.pids().length === 1 && supervisor.pids()[0] !== pid);
    } finally {
      await supervisor.close();
    }
  });
});
