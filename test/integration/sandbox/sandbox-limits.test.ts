import { join } from 'node:path';
import { createTestKernel, TestKernel } from '../../support/kernel-harness';

const FIXTURES = join(__dirname, '../../fixtures/plugins');

describe('Sandbox limits', () => {
  let kernel: TestKernel;

  beforeAll(async () => {
    kernel = await createTestKernel({ tools: [], pluginDirs: [FIXTURES] });
  });

  afterAll(() => kernel.close());

  const expectRecovered = async () => {
    const outcome = await kernel.invoke('echo', { text: 'still alive' });
    expect(outcome).toMatchObject({ success: true, result: { echo: 'still alive' } });
  };

  it('When a tool loops forever, Then it fails with timeout at its CPU limit and the next call succeeds', async () => {
    const outcome = await kernel.invoke('infinite_loop', {});
    // Its wall-clock deadline is 20 s, far beyond 300 ms of CPU even on a loaded machine: only the CPU limit can end it.
    expect(outcome).toMatchObject({
      success: false,
      error: { code: 'timeout', message: expect.stringContaining('CPU') },
      receipt: { tool_id: 'infinite_loop', outcome: 'timeout' },
    });
    expect(outcome.receipt.wall_ms).toBeLessThan(20_000);
    await expectRecovered();
  });

  it('When a tool awaits a promise that never settles, Then the wall-clock deadline ends it with timeout', async () => {
    const outcome = await kernel.invoke('never_resolves', {});
    expect(outcome).toMatchObject({ success: false, error: { code: 'timeout', message: expect.stringContaining('400 ms') } });
    await expectRecovered();
  });

  it('When a tool spins after an await, Then the CPU watch stops it with timeout', async () => {
    const outcome = await kernel.invoke('async_spin', {});
    expect(outcome).toMatchObject({ success: false, error: { code: 'timeout', message: expect.stringContaining('CPU') } });
    await expectRecovered();
  });

  it('When a tool allocates without bound, Then it fails with memory_limit and the plugin still runs afterwards', async () => {
    const outcome = await kernel.invoke('memory_bomb', {});
    expect(outcome).toMatchObject({ success: false, error: { code: 'memory_limit' } });
    await expectRecovered();
    expect(await kernel.invoke('memory_bomb', {})).toMatchObject({ success: false, error: { code: 'memory_limit' } });
  });

  it('When a call is aborted by the caller, Then it ends at once with timeout', async () => {
    const controller = new AbortController();
    const pending = kernel.invoke('never_resolves', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toMatchObject({ success: false, error: { code: 'timeout', message: expect.stringContaining('cancelled') } });
    await expectRecovered();
  });

  it('When a tool leaves work behind that spins after the call ended, Then later calls are unaffected', async () => {
    expect(await kernel.invoke('late_spin', {})).toMatchObject({ success: true, result: { returned: true } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await kernel.invoke('late_spin', {})).toMatchObject({ success: true });
    await expectRecovered();
  });

  it('When a call leaves an async WebAssembly compile that would spin the isolate afterwards, Then later calls are unaffected', async () => {
    expect(await kernel.invoke('wasm_late_spin', { spin: true })).toMatchObject({ success: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await kernel.invoke('wasm_late_spin', {})).toMatchObject({ success: true, result: { returned: true } });
    expect(await kernel.invoke('wasm_late_spin', {})).toMatchObject({ success: true });
    await expectRecovered();
  });

  it('When a rejection a call left behind lands between calls, Then the next call neither fails nor sees it', async () => {
    expect(await kernel.invoke('wasm_late_spin', { reject: 'data-of-the-previous-caller' })).toMatchObject({ success: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await kernel.invoke('wasm_late_spin', {});
    expect(next).toMatchObject({ success: true, result: { returned: true } });
    expect(JSON.stringify(next)).not.toContain('data-of-the-previous-caller');
  });
});
