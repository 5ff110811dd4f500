import { agentGraph, agentNode, chainGraph } from '../../../../fixtures/executions/agent-graphs';
import { ModeHarness, OWNER, ownAgent } from '../../../../fixtures/executions/mode-harness';
import { RespondingLlmProvider } from '../../../../fixtures/llm/responding-llm-provider';
import { RunControl } from '../../../../../core/services/executions/run-control';
import { eventually } from '../../../../support/eventually';
import { aWorkflow, linearGraph, node } from '../../../../fixtures/workflows/workflow.mother';

const stepIds = (steps: unknown[]) => steps.map((step) => [(step as { node_id: string }).node_id, (step as { status: string }).status]);

describe('Mode graph', () => {
  it('When an agent’s workflow_config runs, Then the engine runs it and an agent node without agent_id runs the agent itself', async () => {
    const model = new RespondingLlmProvider();
    const harness = new ModeHarness(model);
    const agent = ownAgent({ systemPrompt: 'Self' });

    const outcome = await harness.run(agent, { mode: 'graph', input: { message: 'hello' } });

    expect(outcome).toMatchObject({ success: true, output: 're: {"message":"hello"}', error: null, tokenUsage: { totalTokens: 5 } });
    expect(stepIds(outcome.steps)).toEqual([
      ['start', 'completed'],
      ['agent', 'completed'],
      ['end', 'completed'],
    ]);
    expect(model.requests[0].messages[0]).toEqual({ role: 'system', content: 'Self' });
    // Progress after each node but the end node.
    expect(harness.checkpoints.map((progress) => stepIds(progress.steps))).toEqual([
      [['start', 'completed']],
      [
        ['start', 'completed'],
        ['agent', 'completed'],
      ],
    ]);
  });

  it('When a checkpoint says stop, Then the engine stops at that node boundary with the steps so far', async () => {
    const model = new RespondingLlmProvider();
    const harness = new ModeHarness(model);
    const outcome = await harness.run(ownAgent(), { mode: 'graph', input: 'x' }, { checkpoint: () => false });
    expect(outcome).toMatchObject({ success: false, error: { code: 'execution.cancelled' } });
    expect(stepIds(outcome.steps)).toEqual([['start', 'completed']]);
    expect(model.requests).toHaveLength(0);
  });

  it('When resumed with no stored run state (a record from before states existed), Then the graph runs again from its start and its tokens add to the earlier ones', async () => {
    const harness = new ModeHarness(new RespondingLlmProvider());
    const earlier = { promptTokens: 100, completionTokens: 1, totalTokens: 101 };
    const outcome = await harness.run(ownAgent(), { mode: 'graph', input: 'x', steps: [{ node_id: 'start', status: 'completed' }], tokenUsage: earlier });
    expect(stepIds(outcome.steps)).toEqual([
      ['start', 'completed'],
      ['agent', 'completed'],
      ['end', 'completed'],
    ]);
    expect(outcome.tokenUsage).toEqual({ promptTokens: 103, completionTokens: 3, totalTokens: 106 });
  });

  it('When the target is a workflow, Then its own graph runs', async () => {
    const harness = new ModeHarness(new RespondingLlmProvider());
    const workflow = aWorkflow({ graph: linearGraph(node('t', 'template', { template: 'Hi {{input.name}}' })) });
    const outcome = await harness.run(workflow, { mode: 'graph', input: { name: 'Ada' } });
    expect(outcome).toMatchObject({ success: true, output: 'Hi Ada' });
  });

  it('When the workflow_config is not a runnable graph, Then its problems are named under workflow_config', () => {
    const harness = new ModeHarness(new RespondingLlmProvider());
    const cyclic = ownAgent({
      workflowConfig: agentGraph(
        [{ id: 'start', type: 'start' }, agentNode('a', 'A'), agentNode('b', 'B'), { id: 'end', type: 'end' }],
        [
          ['start', 'a'],
          ['a', 'b'],
          ['b', 'a'],
          ['b', 'end'],
        ],
      ),
    });
    expect(harness.issuesOf(cyclic, 'graph')).toMatchObject({ details: [{ field: 'workflow_config.edges', message: expect.stringContaining('cycle') }] });
    expect(harness.issuesOf(ownAgent({ workflowConfig: chainGraph(agentNode('a', 'A')) }), 'graph')).toBeUndefined();
  });
});

describe('Mode graph: run state and parking', () => {
  const approvalWorkflow = () =>
    aWorkflow({
      ownerId: OWNER.userId,
      graph: linearGraph(
        node('draft', 'template', { template: 'Draft {{input}}' }),
        node('ok', 'approval', { prompt: 'Publish {{draft.output}}?' }),
        node('out', 'template', { template: 'Published {{draft.output}}' }),
      ),
    });

  it('When a workflow reaches an approval node, Then the run parks with its progress and state and the approval is opened for the owner', async () => {
    const harness = new ModeHarness(new RespondingLlmProvider());
    const workflow = approvalWorkflow();
    const outcome = await harness.run(workflow, { id: 'exec-1', mode: 'graph', input: 'notes', ownerId: OWNER.userId });

    expect(outcome).toMatchObject({ success: false, error: null });
    expect(harness.parks).toHaveLength(1);
    expect(stepIds(harness.parks[0].steps)).toEqual([
      ['start', 'completed'],
      ['draft', 'completed'],
    ]);
    expect(harness.parks[0].state).toMatchObject({ parked: { node_id: 'ok', kind: 'approval', prompt: 'Publish Draft notes?' } });
    expect([...harness.approvals.rows.values()]).toEqual([
      expect.objectContaining({ executionId: 'exec-1', nodeId: 'ok', ownerId: OWNER.userId, status: 'pending', prompt: 'Publish Draft notes?' }),
    ]);
  });

  it('When the parked run resumes after its approval was decided, Then it continues after the node without running earlier nodes', async () => {
    const harness = new ModeHarness(new RespondingLlmProvider());
    const workflow = approvalWorkflow();
    await harness.run(workflow, { id: 'exec-2', mode: 'graph', input: 'notes', ownerId: OWNER.userId });
    const parked = harness.parks[0];
    const approval = [...harness.approvals.rows.values()][0];
    await harness.approvals.decide(approval.id, { decision: 'approved', comment: 'ok', input: null, decidedAt: new Date() });
    const started = harness.events.events.length;

    const outcome = await harness.run(workflow, {
      id: 'exec-2',
      mode: 'graph',
      input: 'notes',
      steps: parked.steps,
      runState: parked.state,
      ownerId: OWNER.userId,
    });

    expect(outcome).toMatchObject({ success: true, output: 'Published Draft notes' });
    expect(stepIds(outcome.steps)).toEqual([
      ['start', 'completed'],
      ['draft', 'completed'],
      ['ok', 'completed'],
      ['out', 'completed'],
      ['end', 'completed'],
    ]);
    // Node events of the resumed run: only the nodes it ran.
    const startedNodes = harness.events.events.slice(started).map(({ event }) => (event.type === 'step' ? event.name : event.type));
    expect(startedNodes).toEqual(['ok', 'out', 'end']);
  });

  it('When a workflow runs, Then each checkpoint hands over only the nodes settled since the last, with their steps and whole outputs, and the outcome the rest', async () => {
    const harness = new ModeHarness(new RespondingLlmProvider());
    const whole = 'w'.repeat(300);
    const workflow = aWorkflow({ graph: linearGraph(node('a', 'template', { template: '{{input}}' }), node('b', 'template', { template: '{{a.output}}!' })) });
    const outcome = await harness.run(workflow, { mode: 'graph', input: whole });

    const recorded = (nodes: unknown) =>
      (nodes as Array<{ seq: number; nodeId: string; step: { node_id: string }; settled: { output: unknown } }>).map((n) => [n.seq, n.nodeId, n.step.node_id]);
    expect(harness.checkpoints.map((progress) => recorded(progress.nodes))).toEqual([[[0, 'start', 'start']], [[1, 'a', 'a']], [[2, 'b', 'b']]]);
    expect(recorded(outcome.nodes)).toEqual([[3, 'end', 'end']]);
    // The step keeps a bounded copy; the node keeps the whole output, for a resumed run.
    expect(harness.checkpoints[1].nodes?.[0].settled).toMatchObject({ status: 'completed', output: whole, seq: 1 });
  });

  it('When the run is cancelled while a node runs, Then the refused checkpoint after it leaves that node to the outcome with the skipped ones', async () => {
    const model = new RespondingLlmProvider();
    model.hold(0);
    const harness = new ModeHarness(model);
    const control = new RunControl();
    const graph = linearGraph(node('ask', 'llm', { prompt: '{{input}}' }), node('after', 'template', { template: 'x' }));
    const running = harness.run(aWorkflow({ ownerId: OWNER.userId, graph }), { mode: 'graph', input: 'q' }, { control, checkpoint: (_, c) => !c.reason });
    await eventually(async () => (model.requests.length === 1 ? true : undefined));
    control.stop('cancelled');
    const outcome = await running;

    expect(harness.checkpoints.map((progress) => progress.nodes?.map((n) => n.nodeId))).toEqual([['start'], ['ask']]);
    // The checkpoint after `ask` was refused, so nothing says it was stored: the outcome hands it over again.
    expect(outcome.nodes?.map((n) => [n.nodeId, (n.step as { status: string }).status])).toEqual([
      ['ask', 'failed'],
      ['after', 'skipped'],
      ['end', 'skipped'],
    ]);
  });

  it('When a stored run resumes, Then its first checkpoint hands over the nodes it resumed from too (a store keeps those it has), later ones only new nodes', async () => {
    const harness = new ModeHarness(new RespondingLlmProvider());
    const workflow = approvalWorkflow();
    await harness.run(workflow, { id: 'exec-3', mode: 'graph', input: 'notes', ownerId: OWNER.userId });
    const parked = harness.parks[0];
    const approval = [...harness.approvals.rows.values()][0];
    await harness.approvals.decide(approval.id, { decision: 'approved', comment: 'ok', input: null, decidedAt: new Date() });
    const before = harness.checkpoints.length;

    await harness.run(workflow, { id: 'exec-3', mode: 'graph', input: 'notes', steps: parked.steps, runState: parked.state, ownerId: OWNER.userId });

    const nodeIds = harness.checkpoints.slice(before).map((progress) => progress.nodes?.map((n) => n.nodeId));
    expect(nodeIds).toEqual([['start', 'draft', 'ok'], ['out']]);
  });

  it('When the state outgrows maxRunStateChars, Then the run fails with workflow.state_too_large', async () => {
    const harness = new ModeHarness(new RespondingLlmProvider(), {}, { maxRunStateChars: 5_000 });
    const workflow = aWorkflow({
      ownerId: OWNER.userId,
      graph: linearGraph(node('copy', 'template', { template: '{{input}}' }), node('again', 'template', { template: '{{last}}' })),
    });
    const outcome = await harness.run(workflow, { mode: 'graph', input: 'z'.repeat(10_000) });
    expect(outcome).toMatchObject({ success: false, error: { code: 'workflow.state_too_large' } });
  });

  it('When the state grows past maxRunStateChars only at a later node, Then the run fails there, measured as the nodes settle', async () => {
    const harness = new ModeHarness(new RespondingLlmProvider(), {}, { maxRunStateChars: 5_000 });
    const graph = linearGraph(
      node('one', 'template', { template: '{{input}}' }),
      node('two', 'template', { template: '{{input}}' }),
      node('three', 'template', { template: '{{input}}' }),
    );
    const outcome = await harness.run(aWorkflow({ ownerId: OWNER.userId, graph }), { mode: 'graph', input: 'z'.repeat(1_400) });
    expect(outcome).toMatchObject({ success: false, error: { code: 'workflow.state_too_large' } });
    // Stored: start, one and two (about 4 500 characters, each output the input); three would pass the cap.
    expect(harness.checkpoints.map((progress) => progress.nodes?.map((n) => n.nodeId))).toEqual([['start'], ['one'], ['two']]);
  });
});
