import { ACTOR, engineHarness } from '../../../fixtures/workflows/engine-harness';
import { linearGraph, node } from '../../../fixtures/workflows/workflow.mother';

describe('Generic node settings', () => {
  it('When a node fails and has retries left, Then it is attempted again after a doubling backoff and its attempts are kept in the state', async () => {
    const { engine, llm, timers } = engineHarness();
    llm.failures = 2;
    const graph = linearGraph(node('ask', 'llm', { prompt: 'fail twice', retry: { max_attempts: 3, backoff_ms: 100 } }));
    const result = await engine.run(ACTOR, graph, null);
    expect(result).toMatchObject({ success: true, output: 'LLM(fail twice)' });
    expect(llm.prompts).toHaveLength(3);
    expect(timers.sleeps).toEqual([100, 200]);
    expect(result.state.settled.ask).toMatchObject({ status: 'completed', attempts: 3 });
  });

  it('When every attempt fails, Then the node fails with the last error', async () => {
    const { engine, llm } = engineHarness();
    llm.failures = 5;
    const result = await engine.run(ACTOR, linearGraph(node('ask', 'llm', { prompt: 'fail', retry: { max_attempts: 2 } })), null);
    expect(result).toMatchObject({ success: false, error: { code: 'workflow.node_error' } });
    expect(result.state.settled.ask).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('When a node outlasts timeout_ms, Then it fails with workflow.node_timeout and the run stops there', async () => {
    const { engine, timers } = engineHarness();
    const graph = linearGraph(node('slow', 'llm', { prompt: 'hang', timeout_ms: 250 }), node('after', 'template', { template: 'x' }));
    const result = await engine.run(ACTOR, graph, null);
    expect(result).toMatchObject({ success: false, error: { code: 'workflow.node_timeout', message: 'The node did not finish within 250 ms' } });
    expect(timers.sleeps).toEqual([250]);
    expect(result.steps.map((step) => step.status)).toEqual(['completed', 'failed', 'skipped', 'skipped']);
  });

  it('When a failing node has continue_on_error, Then its step records the error, its output is null and the run goes on', async () => {
    const { engine, llm } = engineHarness();
    llm.failures = 1;
    const graph = linearGraph(
      node('ask', 'llm', { prompt: 'fail once', continue_on_error: true }),
      node('after', 'template', { template: 'after [{{ask.output}}]' }),
    );
    const result = await engine.run(ACTOR, graph, null);
    expect(result).toMatchObject({ success: true, output: 'after []' });
    expect(result.steps[1]).toMatchObject({ node_id: 'ask', status: 'completed', output: null, error: { code: 'workflow.node_error' } });
  });

  it('When a node starts, Then the hook hears of each attempt', async () => {
    const { engine, llm } = engineHarness();
    llm.failures = 1;
    const started: string[] = [];
    await engine.run(ACTOR, linearGraph(node('ask', 'llm', { prompt: 'fail once', retry: { max_attempts: 2 } })), null, {
      onNodeStart: async (current, attempt) => {
        started.push(`${current.id}#${attempt}`);
      },
    });
    expect(started).toEqual(['start#1', 'ask#1', 'ask#2', 'end#1']);
  });
});
