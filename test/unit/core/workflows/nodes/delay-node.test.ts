import { DelayNode, MAX_DELAY_MS } from '../../../../../core/services/workflows/nodes/delay-node';
import { NodeFailure } from '../../../../../core/services/workflows/nodes/node-failure';
import { nodeContext } from '../../../../fixtures/workflows/node-run-context.mother';

/** Records each wait and resolves at once; an aborting test aborts the signal while "waiting". */
class FakeTimers {
  readonly sleeps: Array<{ ms: number; signal?: AbortSignal }> = [];
  constructor(private readonly duringSleep: () => void = () => undefined) {}
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push({ ms, signal });
    this.duringSleep();
  }
}

describe('delay node', () => {
  it('When it runs, Then it waits ms with the run signal and hands its predecessor output on', async () => {
    const timers = new FakeTimers();
    const signal = new AbortController().signal;

    const result = await new DelayNode(timers).run(nodeContext({ type: 'delay', config: { ms: 1500 }, last: { order: 7 }, signal }));

    expect(result).toEqual({ output: { order: 7 } });
    expect(timers.sleeps).toEqual([{ ms: 1500, signal }]);
  });

  it('When the run is cancelled during the wait, Then the node fails as cancelled', async () => {
    const controller = new AbortController();
    const timers = new FakeTimers(() => controller.abort());

    const run = new DelayNode(timers).run(nodeContext({ type: 'delay', config: { ms: 30_000 }, signal: controller.signal }));

    await expect(run).rejects.toMatchObject({ code: 'workflow.cancelled' });
  });

  it.each([[MAX_DELAY_MS + 1], [-1], [1.5], ['10']])('When ms is %p, Then the node fails without waiting', async (ms) => {
    const timers = new FakeTimers();

    const run = new DelayNode(timers).run(nodeContext({ type: 'delay', config: { ms } }));

    await expect(run).rejects.toBeInstanceOf(NodeFailure);
    await expect(run).rejects.toMatchObject({ code: 'workflow.invalid_node' });
    expect(timers.sleeps).toEqual([]);
  });
});
