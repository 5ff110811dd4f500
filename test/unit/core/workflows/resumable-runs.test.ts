import { WorkflowProgress } from '../../../../core/services/workflows/workflow-engine.service';
import { ACTOR, asBody, engineHarness } from '../../../fixtures/workflows/engine-harness';
import { linearGraph, node } from '../../../fixtures/workflows/workflow.mother';

const chain = () =>
  linearGraph(
    node('one', 'llm', { prompt: 'one {{input}}' }),
    node('two', 'llm', { prompt: 'two after {{one.output}}' }),
    node('three', 'llm', { prompt: 'three after {{nodes.two.output}}' }),
  );

/** Stops the run at its `stopAfter`-th checkpoint; keeps the progress stored there (as JSON, like the database). */
function stopAt(stopAfter: number) {
  const stored: WorkflowProgress[] = [];
  return {
    stored,
    onCheckpoint: async (progress: WorkflowProgress) => {
      stored.push(JSON.parse(JSON.stringify(progress)) as WorkflowProgress);
      return stored.length < stopAfter;
    },
  };
}

describe('Resumable runs', () => {
  it('When a run stops at a checkpoint and resumes from the stored state, Then completed nodes are not run again and later ones see their whole outputs', async () => {
    const { engine, llm } = engineHarness();
    const first = stopAt(3);
    const stopped = await engine.run(ACTOR, chain(), 'x', { onCheckpoint: first.onCheckpoint });
    expect(stopped).toMatchObject({ success: false, stopped: true });
    expect(llm.prompts).toEqual(['one x', 'two after LLM(one x)']);

    const last = first.stored[first.stored.length - 1];
    const resumed = await engine.run(ACTOR, chain(), 'x', { resume: { state: last.state, steps: [...last.steps] } });

    expect(resumed).toMatchObject({ success: true, output: 'LLM(three after LLM(two after LLM(one x)))' });
    expect(llm.prompts).toEqual(['one x', 'two after LLM(one x)', 'three after LLM(two after LLM(one x))']);
    expect(resumed.steps.map((step) => [step.node_id, step.status])).toEqual([
      ['start', 'completed'],
      ['one', 'completed'],
      ['two', 'completed'],
      ['three', 'completed'],
      ['end', 'completed'],
    ]);
  });

  it('When the state is stored, Then it keeps each settled node’s whole output, branch and attempts, as plain JSON', async () => {
    const { engine } = engineHarness();
    const huge = 'y'.repeat(100_000);
    const result = await engine.run(ACTOR, linearGraph(node('copy', 'template', { template: '{{input}}' })), huge);
    expect(JSON.parse(JSON.stringify(result.state))).toEqual(result.state);
    expect(result.state.settled.copy).toEqual({ status: 'completed', output: huge, branch: null, attempts: 1, error: null, seq: 1 });
    expect(result.steps[1].output).not.toBe(huge);
  });

  it('When a loop is stopped between rounds, Then the resumed run goes on with the next round', async () => {
    const { engine, llm } = engineHarness();
    const graph = linearGraph(node('rounds', 'loop', { max_rounds: 4, body: asBody(linearGraph(node('ask', 'llm', { prompt: 'round {{input.index}}' }))) }));
    const first = stopAt(3); // start, round 0, round 1
    await engine.run(ACTOR, graph, null, { onCheckpoint: first.onCheckpoint });
    expect(llm.prompts).toEqual(['round 0', 'round 1']);
    const last = first.stored[first.stored.length - 1];
    expect(last.state.progress.rounds).toMatchObject({ rounds: 2 });

    const resumed = await engine.run(ACTOR, graph, null, { resume: { state: last.state, steps: [...last.steps] } });
    expect(llm.prompts).toEqual(['round 0', 'round 1', 'round 2', 'round 3']);
    expect(resumed.output).toEqual({ rounds: 4, output: 'LLM(round 3)' });
    expect(resumed.tokenUsage.totalTokens).toBe(8);
  });

  it('When an iteration is stopped between items, Then the resumed run runs only the items not done', async () => {
    const { engine, llm } = engineHarness();
    const graph = linearGraph(
      node('each', 'iteration', { items: '{{input}}', body: asBody(linearGraph(node('ask', 'llm', { prompt: 'item {{input.item}}' }))) }),
    );
    const first = stopAt(2); // start, item a
    await engine.run(ACTOR, graph, ['a', 'b', 'c'], { onCheckpoint: first.onCheckpoint });
    const last = first.stored[first.stored.length - 1];
    const resumed = await engine.run(ACTOR, graph, ['a', 'b', 'c'], { resume: { state: last.state, steps: [...last.steps] } });
    expect(llm.prompts).toEqual(['item a', 'item b', 'item c']);
    expect(resumed.output).toEqual(['LLM(item a)', 'LLM(item b)', 'LLM(item c)']);
  });
});
