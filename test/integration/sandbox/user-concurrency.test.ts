import { SandboxSupervisor } from '../../../plugins/kernel/sandbox/sandbox-supervisor';

/** Sleeps `input.ms` without using CPU, so a call holds its slot as long as the test wants. */
const sleeper = {
  key: 'sleeper@1.0.0#0',
  id: 'sleeper',
  code: 'exports.default = async (input) => { await new Promise((resolve) => setTimeout(resolve, input.ms)); return input.ms; };',
  grants: [],
  memoryMb: 16,
  cpuMs: 100,
  timeoutMs: 10_000,
};
const noCapabilities = async () => '0{"code":"unavailable","message":"none"}';

describe('Sandbox pool: per-user concurrency', () => {
  let supervisor: SandboxSupervisor;
  const run = (user: string, ms: number) =>
    supervisor.run({ key: sleeper.key, user, input: JSON.stringify({ ms }), cpuMs: sleeper.cpuMs, timeoutMs: sleeper.timeoutMs }, noCapabilities);

  beforeAll(async () => {
    // Enough isolates for every call in flight, so only the per-user share decides who waits.
    supervisor = new SandboxSupervisor({ workers: 1, maxIsolatesPerPlugin: 6, maxConcurrentPerUser: 4, userSlotWaitMs: 300 });
    await supervisor.start();
    supervisor.load(sleeper);
  });
  afterAll(() => supervisor.close());

  it('When a user has 4 calls running, Then a 5th fails with rate_limited after the wait, while another user’s call runs at once', async () => {
    const started = Date.now();
    const adasFour = [1, 2, 3, 4].map(() => run('ada', 1500));

    const fifth = await run('ada', 10);
    const waited = Date.now() - started;
    const bobs = await run('bob', 10);
    const bobDoneAfter = Date.now() - started;

    expect(fifth).toMatchObject({ ok: false, error: { code: 'rate_limited', message: 'At most 4 tool calls of one user run at once; try again shortly' } });
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(bobs).toMatchObject({ ok: true, output: '10' });
    expect(bobDoneAfter).toBeLessThan(1500);
    for (const outcome of await Promise.all(adasFour)) expect(outcome).toMatchObject({ ok: true, output: '1500' });
    expect(await run('ada', 10)).toMatchObject({ ok: true });
  });

  it('When one of the user’s calls ends within the wait, Then the waiting call runs instead of failing', async () => {
    const adasFour = [100, 1000, 1000, 1000].map((ms) => run('ada', ms));

    const fifth = await run('ada', 10);

    expect(fifth).toMatchObject({ ok: true, output: '10' });
    await Promise.all(adasFour);
  });
});
