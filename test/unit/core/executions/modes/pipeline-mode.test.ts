import { Agent } from '../../../../../core/domain/agent/agent.entity';
import { anAgent } from '../../../../fixtures/agents/agent.mother';
import { agentGraph, agentNode } from '../../../../fixtures/executions/agent-graphs';
import { ModeHarness, ownAgent } from '../../../../fixtures/executions/mode-harness';
import { lastUser, RespondingLlmProvider, systemOf } from '../../../../fixtures/llm/responding-llm-provider';

/** Replies `<system prompt> on <input>`, so each agent's reply is its own whatever the order. */
const llm = () => new RespondingLlmProvider((request) => `${systemOf(request)} on ${lastUser(request)}`);

/** start → a, b, c (one layer) → merge (the agent itself) → end. */
function fanIn(harness: ModeHarness, members: Agent[]): Agent {
  harness.agents.add(...members);
  const [a, b, c] = members;
  return ownAgent({
    systemPrompt: 'M',
    workflowConfig: agentGraph(
      [
        { id: 'start', type: 'start' },
        agentNode('a', 'Alpha', a.id),
        agentNode('b', 'Beta', b.id),
        agentNode('c', 'Gamma', c.id),
        agentNode('merge', 'Merge'),
        { id: 'end', type: 'end' },
      ],
      [
        ['start', 'a'],
        ['start', 'b'],
        ['start', 'c'],
        ['a', 'merge'],
        ['b', 'merge'],
        ['c', 'merge'],
        ['merge', 'end'],
      ],
    ),
  });
}
const member = (systemPrompt: string) => ownAgent({ systemPrompt });

describe('Mode pipeline', () => {
  it('When a layer holds three agents, Then they run on the same input at most PIPELINE_CONCURRENCY at once, and their merged replies feed the next layer', async () => {
    const model = llm();
    const harness = new ModeHarness(model, { pipelineConcurrency: 2 });

    const outcome = await harness.run(fanIn(harness, [member('A'), member('B'), member('C')]), { mode: 'pipeline', input: 'q' });

    expect(model.maxInFlight).toBe(2);
    expect(outcome.steps.map((step) => (step as { stage: number; node_id: string }).node_id)).toEqual(['a', 'b', 'c', 'merge']);
    expect(outcome.steps.map((step) => (step as { stage: number }).stage)).toEqual([1, 1, 1, 2]);
    const merged = '[Alpha]\nA on q\n\n[Beta]\nB on q\n\n[Gamma]\nC on q';
    expect(lastUser(model.requests[3])).toBe(merged);
    expect(outcome).toMatchObject({ success: true, output: { reply: `M on ${merged}` }, tokenUsage: { totalTokens: 20 } });
    expect(harness.checkpoints).toHaveLength(1);
    expect(harness.checkpoints[0].output).toEqual({ reply: merged });
  });

  it('When the concurrency allows it, Then the whole layer runs at once', async () => {
    const model = llm();
    const harness = new ModeHarness(model, { pipelineConcurrency: 8 });
    await harness.run(fanIn(harness, [member('A'), member('B'), member('C')]), { mode: 'pipeline', input: 'q' });
    expect(model.maxInFlight).toBe(3);
  });

  it('When one agent of a layer fails, Then the others finish, the execution fails and the next layer never runs', async () => {
    const model = llm();
    const harness = new ModeHarness(model);
    const hidden = anAgent({ ownerId: 'someone-else', status: 'stopped' });

    const outcome = await harness.run(fanIn(harness, [member('A'), hidden, member('C')]), { mode: 'pipeline', input: 'q' });

    expect(outcome).toMatchObject({ success: false, error: { code: 'agent.not_found' } });
    expect(outcome.steps.map((step) => (step as { status: string }).status)).toEqual(['completed', 'failed', 'completed']);
    expect(model.requests).toHaveLength(2);
  });
});
