import { LlmUpstreamError } from '../../../../../core/domain/llm/llm.errors';
import { anAgent } from '../../../../fixtures/agents/agent.mother';
import { agentGraph, agentNode } from '../../../../fixtures/executions/agent-graphs';
import { ModeHarness, ownAgent } from '../../../../fixtures/executions/mode-harness';
import { ScriptedLlmProvider, ScriptedOutcome } from '../../../../fixtures/llm/scripted-llm-provider';

const usage = { promptTokens: 1, completionTokens: 1, totalTokens: 2 };
const reply = (content: string): ScriptedOutcome => ({ response: { content, toolCalls: [], usage, model: 'scripted-1', finishReason: 'stop' } });
const lastUser = (llm: ScriptedLlmProvider, index: number) => llm.requests[index].messages.at(-1)?.content;

/** start → research (another agent) → write (the agent itself) → end, nodes declared out of order. */
function writerWith(researcherId: string) {
  return ownAgent({
    systemPrompt: 'You write.',
    workflowConfig: agentGraph(
      [{ id: 'end', type: 'end' }, agentNode('write', 'Write'), { id: 'start', type: 'start' }, agentNode('research', 'Research', researcherId)],
      [
        ['research', 'write'],
        ['start', 'research'],
        ['write', 'end'],
      ],
    ),
  });
}

describe('Mode sequential', () => {
  it('When the graph holds two agents, Then they run in topological order and each reply is the next one’s input', async () => {
    const llm = new ScriptedLlmProvider([reply('notes on tea'), reply('an essay on tea')]);
    const harness = new ModeHarness(llm);
    const researcher = ownAgent({ systemPrompt: 'You research.' });
    harness.agents.add(researcher);

    const outcome = await harness.run(writerWith(researcher.id), { id: 'execution-2', mode: 'sequential', input: 'tea' });

    expect(llm.requests.map((request) => request.trace?.executionId)).toEqual(['execution-2', 'execution-2']);
    expect(outcome).toMatchObject({ success: true, output: { reply: 'an essay on tea' }, tokenUsage: { totalTokens: 4 }, error: null });
    expect(outcome.steps).toEqual([
      expect.objectContaining({
        role: 'stage',
        stage: 1,
        node_id: 'research',
        agent_id: researcher.id,
        label: 'Research',
        status: 'completed',
        output: 'notes on tea',
      }),
      expect.objectContaining({ role: 'stage', stage: 2, node_id: 'write', label: 'Write', status: 'completed', output: 'an essay on tea' }),
    ]);
    expect([llm.requests[0].messages[0].content, lastUser(llm, 0)]).toEqual(['You research.', 'tea']);
    expect([llm.requests[1].messages[0].content, lastUser(llm, 1)]).toEqual(['You write.', 'notes on tea']);
    // Progress is stored between stages; the end is stored by the runner.
    expect(harness.checkpoints).toEqual([{ output: { reply: 'notes on tea' }, steps: [outcome.steps[0]], tokenUsage: usage }]);
  });

  it('When a stage’s agent is not the actor’s to use, Then that step fails as not found and no later stage runs', async () => {
    const llm = new ScriptedLlmProvider([]);
    const harness = new ModeHarness(llm);
    const foreign = anAgent({ ownerId: 'someone-else', status: 'draft' });
    harness.agents.add(foreign);

    const outcome = await harness.run(writerWith(foreign.id), { mode: 'sequential', input: 'tea' });

    expect(outcome).toMatchObject({ success: false, error: { code: 'agent.not_found' } });
    expect(outcome.steps).toEqual([
      expect.objectContaining({ node_id: 'research', status: 'failed', output: null, error: expect.objectContaining({ code: 'agent.not_found' }) }),
    ]);
    expect(llm.attempts).toBe(0);
  });

  it('When resumed after its first stage, Then only the next stage runs, on the stored output', async () => {
    const llm = new ScriptedLlmProvider([reply('the essay')]);
    const harness = new ModeHarness(llm);
    const researcher = ownAgent();
    const done = { role: 'stage', stage: 1, node_id: 'research', status: 'completed', output: 'stored notes' };

    const outcome = await harness.run(writerWith(researcher.id), {
      mode: 'sequential',
      input: 'tea',
      steps: [done],
      output: { reply: 'stored notes' },
      tokenUsage: usage,
    });

    expect(llm.attempts).toBe(1);
    expect(lastUser(llm, 0)).toBe('stored notes');
    expect(outcome).toMatchObject({ success: true, output: { reply: 'the essay' }, tokenUsage: { totalTokens: 4 } });
    expect(outcome.steps).toEqual([done, expect.objectContaining({ stage: 2, node_id: 'write', output: 'the essay' })]);
  });

  it('When the checkpoint says stop (paused or cancelled), Then the run ends there with what it did', async () => {
    const llm = new ScriptedLlmProvider([reply('notes')]);
    const harness = new ModeHarness(llm);
    const researcher = ownAgent();
    harness.agents.add(researcher);

    const outcome = await harness.run(writerWith(researcher.id), { mode: 'sequential', input: 'tea' }, { checkpoint: () => false });

    expect(outcome).toMatchObject({ success: false, error: { code: 'execution.cancelled' }, output: { reply: 'notes' } });
    expect(outcome.steps).toHaveLength(1);
    expect(llm.attempts).toBe(1);
  });

  it('When the graph has no agent node, Then the agent itself is the one stage', async () => {
    const llm = new ScriptedLlmProvider([reply('alone')]);
    const agent = ownAgent({ workflowConfig: agentGraph([{ id: 'start', type: 'start' }], []) });
    const outcome = await new ModeHarness(llm).run(agent, { mode: 'sequential', input: 'x' });
    expect(outcome).toMatchObject({ success: true, output: { reply: 'alone' }, steps: [{ stage: 1, node_id: 'agent', agent_id: agent.id }] });
  });

  it('When the model provider fails in a stage, Then the failed step and the outcome say only that it failed, naming no provider detail (rule 9)', async () => {
    const llm = new ScriptedLlmProvider([{ error: new LlmUpstreamError('openai: the model provider answered HTTP 500 at api.internal:8443', false, 500) }]);
    const agent = ownAgent({ workflowConfig: agentGraph([{ id: 'start', type: 'start' }], []) });
    const outcome = await new ModeHarness(llm).run(agent, { mode: 'sequential', input: 'x' });
    const safe = { code: 'llm.upstream_error', message: 'The model provider failed to answer' };
    expect(outcome).toMatchObject({ success: false, error: safe, steps: [{ status: 'failed', error: safe }] });
    expect(JSON.stringify(outcome)).not.toMatch(/openai|api\.internal|HTTP/);
  });
});
