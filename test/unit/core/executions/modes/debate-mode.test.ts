import { anAgent } from '../../../../fixtures/agents/agent.mother';
import { agentGraph, agentNode, chainGraph } from '../../../../fixtures/executions/agent-graphs';
import { ModeHarness, ownAgent } from '../../../../fixtures/executions/mode-harness';
import { lastUser, RespondingLlmProvider, systemOf } from '../../../../fixtures/llm/responding-llm-provider';

type Step = { role: string; stage: number | null; side: string | null; label: string; agent_id: string; output: unknown };
const turn = (step: unknown) => {
  const s = step as Step;
  return [s.role, s.stage, s.side, s.label];
};

describe('Mode debate', () => {
  it('When two agents debate two rounds, Then they speak in turn, each seeing the debate so far, and the agent itself judges', async () => {
    let spoken = 0;
    const model = new RespondingLlmProvider((request) => (systemOf(request) === 'Judge' ? 'Verdict: yes' : `argument ${++spoken} by ${systemOf(request)}`));
    const harness = new ModeHarness(model);
    const [pro, con] = [ownAgent({ systemPrompt: 'Pro' }), ownAgent({ systemPrompt: 'Con' })];
    harness.agents.add(pro, con);
    const host = ownAgent({
      systemPrompt: 'Judge',
      workflowConfig: agentGraph(
        [{ id: 'start', type: 'start' }, agentNode('p', 'Proponent', pro.id), agentNode('c', 'Opponent', con.id), { id: 'end', type: 'end' }],
        [
          ['start', 'p'],
          ['p', 'c'],
          ['c', 'end'],
        ],
      ),
    });

    const outcome = await harness.run(host, { mode: 'debate', input: 'Is tea better than coffee?', options: { rounds: 2 } });

    expect(outcome.steps.map(turn)).toEqual([
      ['argument', 1, null, 'Proponent'],
      ['argument', 1, null, 'Opponent'],
      ['argument', 2, null, 'Proponent'],
      ['argument', 2, null, 'Opponent'],
      ['judge', null, null, 'Judge'],
    ]);
    expect(outcome).toMatchObject({ success: true, output: { reply: 'Verdict: yes', rounds: 2 }, tokenUsage: { totalTokens: 25 } });
    const prompts = model.requests.map(lastUser);
    expect(prompts[0]).toContain('Is tea better than coffee?');
    expect(prompts[0]).toContain('You are Proponent. This is round 1 of 2.');
    expect(prompts[0]).toContain('You speak first.');
    expect(prompts[3]).toContain('Round 1, Proponent:\nargument 1 by Pro');
    expect(prompts[3]).toContain('Round 2, Proponent:\nargument 3 by Pro');
    expect(prompts[4]).toMatch(/^You are the judge of a debate\./);
    expect(prompts[4]).toContain('Round 2, Opponent:\nargument 4 by Con');
    expect(harness.checkpoints).toHaveLength(4);
  });

  it('When the agent debates alone, Then it argues for, then against, every round before it judges', async () => {
    const model = new RespondingLlmProvider();
    const harness = new ModeHarness(model, { debate: { defaultRounds: 1, maxRounds: 5, maxAgents: 4 } });
    const outcome = await harness.run(ownAgent({ workflowConfig: chainGraph(agentNode('me', 'Solo')) }), { mode: 'debate', input: 'Remote work?' });

    expect(outcome.steps.map(turn)).toEqual([
      ['argument', 1, 'for', 'Solo (for)'],
      ['argument', 1, 'against', 'Solo (against)'],
      ['judge', null, null, 'Judge'],
    ]);
    expect(lastUser(model.requests[0])).toContain('You are Solo (for), arguing in favour. This is round 1 of 1.');
    expect(lastUser(model.requests[1])).toContain('You are Solo (against), arguing against.');
  });

  it('When resumed after three arguments, Then the debate goes on with the fourth, the stored ones in its transcript', async () => {
    const model = new RespondingLlmProvider();
    const harness = new ModeHarness(model);
    const agent = ownAgent({ workflowConfig: chainGraph(agentNode('me', 'Solo')) });
    const stored = [
      { role: 'argument', stage: 1, side: 'for', label: 'Solo (for)', status: 'completed', output: 'first' },
      { role: 'argument', stage: 1, side: 'against', label: 'Solo (against)', status: 'completed', output: 'second' },
      { role: 'argument', stage: 2, side: 'for', label: 'Solo (for)', status: 'completed', output: 'third' },
    ];

    const outcome = await harness.run(agent, { mode: 'debate', input: 'Q', options: { rounds: 2 }, steps: stored });

    expect(model.requests).toHaveLength(2);
    expect(lastUser(model.requests[0])).toContain('You are Solo (against), arguing against. This is round 2 of 2.');
    expect(lastUser(model.requests[0])).toContain('Round 2, Solo (for):\nthird');
    expect(outcome.steps.map(turn).slice(3)).toEqual([
      ['argument', 2, 'against', 'Solo (against)'],
      ['judge', null, null, 'Judge'],
    ]);
  });

  it('When an argument fails, Then the debate fails with its error and no judge is asked', async () => {
    const harness = new ModeHarness(new RespondingLlmProvider());
    const hidden = anAgent({ ownerId: 'someone-else', status: 'draft' });
    harness.agents.add(hidden);
    const agent = ownAgent({ workflowConfig: chainGraph(agentNode('h', 'Hidden', hidden.id), agentNode('me', 'Me')) });
    const outcome = await harness.run(agent, { mode: 'debate', input: 'Q' });
    expect(outcome).toMatchObject({ success: false, error: { code: 'agent.not_found' } });
    expect(outcome.steps.map(turn)).toEqual([['argument', 1, null, 'Hidden']]);
  });

  it('When the rounds or the number of agents are out of bounds, Then the request is refused before it runs', () => {
    const harness = new ModeHarness(new RespondingLlmProvider());
    for (const rounds of [0, 6, 1.5]) {
      expect(harness.issuesOf(ownAgent(), 'debate', { rounds })).toMatchObject({ code: 'input.validation', details: [{ field: 'rounds' }] });
    }
    const crowd = ownAgent({ workflowConfig: chainGraph(...['a', 'b', 'c', 'd', 'e'].map((id) => agentNode(id, id, `agent-${id}`))) });
    expect(harness.issuesOf(crowd, 'debate')).toMatchObject({
      details: [{ field: 'workflow_config', message: 'a debate takes at most 4 distinct agents (found 5)' }],
    });
    expect(harness.issuesOf(ownAgent(), 'debate', { rounds: 5 })).toBeUndefined();
  });
});
