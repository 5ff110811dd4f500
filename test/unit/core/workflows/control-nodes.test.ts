import { WorkflowGraph } from '../../../../core/domain/workflow/workflow-graph';
import { ACTOR, asBody, engineHarness } from '../../../fixtures/workflows/engine-harness';
import { aWorkflow, edge, linearGraph, node } from '../../../fixtures/workflows/workflow.mother';

const statuses = (steps: Array<{ node_id: string; status: string }>) => Object.fromEntries(steps.map((step) => [step.node_id, step.status]));

/** start → fan (parallel) → a, b, c (llm) → join (merge) → end. */
function fanOut(mode?: 'object' | 'array'): WorkflowGraph {
  return {
    nodes: [
      node('start', 'start'),
      node('fan', 'parallel'),
      node('a', 'llm', { prompt: 'A {{input.topic}}' }),
      node('b', 'llm', { prompt: 'B {{fan.output.topic}}' }),
      node('c', 'llm', { prompt: 'C' }),
      node('join', 'merge', mode ? { mode } : {}),
      node('end', 'end'),
    ],
    edges: [
      edge('start', 'fan'),
      edge('fan', 'a'),
      edge('fan', 'b'),
      edge('fan', 'c'),
      edge('a', 'join'),
      edge('b', 'join'),
      edge('c', 'join'),
      edge('join', 'end'),
    ],
  };
}

/** A body that renders its round's input: start → step (template) → end. */
function body(template: string): WorkflowGraph {
  return linearGraph(node('step', 'template', { template }));
}

describe('Control-flow nodes', () => {
  describe('parallel and merge', () => {
    it('When a parallel node fans out, Then its branches run at once and the merge outputs each branch by node id', async () => {
      const { engine, llm } = engineHarness();
      const result = await engine.run(ACTOR, fanOut(), { topic: 'tea' });
      expect(result.success).toBe(true);
      expect(llm.maxRunning).toBe(3);
      expect(result.output).toEqual({ a: 'LLM(A tea)', b: 'LLM(B tea)', c: 'LLM(C)' });
      expect(result.tokenUsage.totalTokens).toBe(6);
    });

    it('When maxParallelNodes is 2, Then at most two branches run at once', async () => {
      const { engine, llm } = engineHarness({ maxParallelNodes: 2 });
      await engine.run(ACTOR, fanOut(), { topic: 'tea' });
      expect(llm.maxRunning).toBe(2);
    });

    it('When a merge has mode array, Then it outputs the branch outputs as a list', async () => {
      const { engine } = engineHarness();
      const result = await engine.run(ACTOR, fanOut('array'), { topic: 'tea' });
      expect(result.output).toEqual(['LLM(A tea)', 'LLM(B tea)', 'LLM(C)']);
    });
  });

  describe('loop', () => {
    it('When a loop runs, Then each round sees the previous output and it stops once `until` holds', async () => {
      const { engine } = engineHarness();
      const graph = linearGraph(
        node('count', 'loop', {
          body: asBody(body('{{input.previous}}+')),
          max_rounds: 10,
          input: 'go',
          until: { left: '{{last}}', operator: 'equals', right: 'go+++' },
        }),
      );
      const result = await engine.run(ACTOR, graph, null);
      expect(result.output).toEqual({ rounds: 3, output: 'go+++' });
    });

    it('When `until` never holds, Then the loop stops after max_rounds', async () => {
      const { engine } = engineHarness();
      const result = await engine.run(ACTOR, linearGraph(node('count', 'loop', { body: asBody(body('{{input.index}}')), max_rounds: 4 })), null);
      expect(result.output).toEqual({ rounds: 4, output: '3' });
    });

    it('When a round fails, Then the loop node fails with the round’s error', async () => {
      const { engine } = engineHarness();
      const failing = linearGraph(node('sub', 'sub_workflow', { workflow_id: 'missing' }));
      const result = await engine.run(ACTOR, linearGraph(node('count', 'loop', { body: asBody(failing), max_rounds: 2 })), null);
      expect(result).toMatchObject({ success: false, error: { code: 'workflow.not_found' } });
    });
  });

  describe('iteration', () => {
    it('When an iteration maps a list with concurrency 2, Then items run two at a time and the outputs keep the items’ order', async () => {
      const { engine, llm } = engineHarness();
      const graph = linearGraph(
        node('each', 'iteration', {
          items: '{{input.words}}',
          concurrency: 2,
          body: asBody(linearGraph(node('ask', 'llm', { prompt: '{{input.index}}:{{input.item}}' }))),
        }),
      );
      const result = await engine.run(ACTOR, graph, { words: ['a', 'b', 'c', 'd', 'e'] });
      expect(result.output).toEqual(['LLM(0:a)', 'LLM(1:b)', 'LLM(2:c)', 'LLM(3:d)', 'LLM(4:e)']);
      expect(llm.maxRunning).toBe(2);
      expect(result.tokenUsage.totalTokens).toBe(10);
    });

    it('When `items` does not name a list, Then the node fails with workflow.not_a_list', async () => {
      const { engine } = engineHarness();
      const result = await engine.run(ACTOR, linearGraph(node('each', 'iteration', { items: '{{input}}', body: asBody(body('x')) })), 'not a list');
      expect(result.error?.code).toBe('workflow.not_a_list');
    });

    it('When a body references a node outside it, Then it sees that node’s output', async () => {
      const { engine } = engineHarness();
      const graph = linearGraph(
        node('greeting', 'template', { template: 'Hi' }),
        node('each', 'iteration', { items: '{{input}}', body: asBody(body('{{greeting.output}} {{input.item}}')) }),
      );
      expect((await engine.run(ACTOR, graph, ['Ada', 'Bob'])).output).toEqual(['Hi Ada', 'Hi Bob']);
    });
  });

  describe('sub_workflow', () => {
    it('When a sub_workflow names a workflow of the actor, Then it runs on the given input and its output is the node’s', async () => {
      const { engine, workflows } = engineHarness();
      const child = aWorkflow({ ownerId: ACTOR.userId, graph: linearGraph(node('shout', 'template', { template: '{{input.word}}!' })) });
      await workflows.create(child);
      const graph = linearGraph(node('call', 'sub_workflow', { workflow_id: child.id, input: { word: '{{input}}' } }));
      expect(await engine.run(ACTOR, graph, 'hey')).toMatchObject({ success: true, output: 'hey!' });
    });

    it('When the workflow is another user’s, Then the node fails as workflow.not_found', async () => {
      const { engine, workflows } = engineHarness();
      const theirs = aWorkflow({ ownerId: 'someone-else' });
      await workflows.create(theirs);
      const result = await engine.run(ACTOR, linearGraph(node('call', 'sub_workflow', { workflow_id: theirs.id })), null);
      expect(result.error?.code).toBe('workflow.not_found');
    });

    it('When a workflow calls itself, Then the nesting stops at maxSubWorkflowDepth with workflow.too_deep', async () => {
      const { engine, workflows } = engineHarness({ maxSubWorkflowDepth: 2 });
      const selfCalling = aWorkflow({ ownerId: ACTOR.userId });
      selfCalling.graph = linearGraph(node('again', 'sub_workflow', { workflow_id: selfCalling.id }));
      await workflows.create(selfCalling);
      const result = await engine.run(ACTOR, selfCalling.graph, null);
      expect(result.error?.code).toBe('workflow.too_deep');
    });
  });

  describe('approval and human_input', () => {
    const approvalGraph = (): WorkflowGraph => ({
      nodes: [
        node('start', 'start'),
        node('ok', 'approval', { prompt: 'Go ahead with {{input}}?' }),
        node('yes', 'template', { template: 'yes: {{ok.output.comment}}' }),
        node('no', 'template', { template: 'no' }),
        node('end', 'end'),
      ],
      edges: [edge('start', 'ok'), edge('ok', 'yes'), { source: 'ok', target: 'no', condition: 'rejected' }, edge('yes', 'end'), edge('no', 'end')],
    });

    it('When a run that may park reaches an approval, Then it parks there with the rendered prompt and runs nothing after it', async () => {
      const { engine } = engineHarness();
      const result = await engine.run(ACTOR, approvalGraph(), 'the plan', { mayPark: true });
      expect(result).toMatchObject({ success: false, parked: { node_id: 'ok', kind: 'approval', prompt: 'Go ahead with the plan?', input_schema: null } });
      expect(result.steps.map((step) => step.node_id)).toEqual(['start']);
      expect(result.state.parked?.node_id).toBe('ok');
    });

    it('When resumed with the decision, Then the node completes with it and the matching branch runs', async () => {
      const { engine } = engineHarness();
      const parked = await engine.run(ACTOR, approvalGraph(), 'the plan', { mayPark: true });
      const resume = { state: parked.state, steps: parked.steps };
      const approved = await engine.run(ACTOR, approvalGraph(), 'the plan', {
        mayPark: true,
        resume,
        decision: { nodeId: 'ok', decision: 'approved', comment: 'fine', input: null },
      });
      expect(approved).toMatchObject({ success: true, output: 'yes: fine' });
      expect(statuses(approved.steps)).toEqual({ start: 'completed', ok: 'completed', no: 'skipped', yes: 'completed', end: 'completed' });
      const rejected = await engine.run(ACTOR, approvalGraph(), 'the plan', {
        mayPark: true,
        resume,
        decision: { nodeId: 'ok', decision: 'rejected', comment: '', input: null },
      });
      expect(rejected).toMatchObject({ success: true, output: 'no' });
    });

    it('When resumed without a decision, Then it stays parked and nothing runs', async () => {
      const { engine } = engineHarness();
      const parked = await engine.run(ACTOR, approvalGraph(), 'x', { mayPark: true });
      const again = await engine.run(ACTOR, approvalGraph(), 'x', { mayPark: true, resume: { state: parked.state, steps: parked.steps } });
      expect(again.parked?.node_id).toBe('ok');
      expect(again.steps).toHaveLength(1);
    });

    it('When a run that cannot park reaches an approval, Then the node fails with workflow.cannot_park', async () => {
      const { engine } = engineHarness();
      const result = await engine.run(ACTOR, approvalGraph(), 'x');
      expect(result).toMatchObject({ success: false, parked: null, error: { code: 'workflow.cannot_park' } });
    });

    it('When a human_input node gets its input, Then the input is its output', async () => {
      const { engine } = engineHarness();
      const graph = linearGraph(node('ask', 'human_input', { prompt: 'Name?', input_schema: { type: 'string' } }));
      const parked = await engine.run(ACTOR, graph, null, { mayPark: true });
      expect(parked.parked).toEqual({ node_id: 'ask', kind: 'human_input', prompt: 'Name?', input_schema: { type: 'string' } });
      const done = await engine.run(ACTOR, graph, null, {
        mayPark: true,
        resume: { state: parked.state, steps: parked.steps },
        decision: { nodeId: 'ask', decision: 'submitted', comment: '', input: 'Ada' },
      });
      expect(done.output).toBe('Ada');
    });
  });
});
