import { OfflineLlmProvider } from '../../../../../adapters/llm/offline/offline-llm-provider';
import { anAgent } from '../../../../fixtures/agents/agent.mother';
import { delegateTool, SWARM_COORDINATOR_TASK } from '../../../../../core/services/swarm/delegate-tool';
import { routedAgentId, routingMessages, ROUTING_TASK } from '../../../../../core/services/orchestration/routing-prompt';

describe('The offline model in orchestration and swarms', () => {
  const provider = new OfflineLlmProvider();
  const poet = anAgent({ name: 'Poet', description: 'Writes poems about nature' });
  const accountant = anAgent({ name: 'Accountant', description: 'Answers tax and invoice questions' });

  describe('task agent-routing', () => {
    const route = async (message: string) => {
      const response = await provider.chat({ messages: routingMessages([poet, accountant], message), task: ROUTING_TASK, responseFormat: 'json' });
      return routedAgentId(response.content, [poet, accountant]);
    };

    it('When the message shares words with one candidate, Then that candidate is picked', async () => {
      expect(await route('A question about my invoice and tax')).toBe(accountant.id);
      expect(await route('Write me poems about the sea and nature')).toBe(poet.id);
    });

    it('When no candidate shares a word, Then the first one is picked, every time', async () => {
      expect(await route('Hello')).toBe(poet.id);
      expect(await route('Hello')).toBe(poet.id);
    });

    it('When a model answers an agent that is not a candidate, Then the first candidate is used', () => {
      expect(routedAgentId('{"agent_id": "someone-else"}', [accountant, poet])).toBe(accountant.id);
      expect(routedAgentId('not json', [accountant, poet])).toBe(accountant.id);
    });
  });

  describe('task swarm-coordinator', () => {
    const tools = [delegateTool([poet, accountant])];

    it('When the task comes in, Then the task is delegated unchanged to every member, in order', async () => {
      const response = await provider.chat({ messages: [{ role: 'user', content: 'Plan a party' }], tools, task: SWARM_COORDINATOR_TASK });

      expect(response.finishReason).toBe('tool_calls');
      expect(response.toolCalls.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([
        ['delegate', { agent_id: poet.id, subtask: 'Plan a party' }],
        ['delegate', { agent_id: accountant.id, subtask: 'Plan a party' }],
      ]);
      expect(new Set(response.toolCalls.map((call) => call.id)).size).toBe(2);
    });

    it('When the results are back, Then it answers with them and delegates no more', async () => {
      const response = await provider.chat({
        messages: [
          { role: 'user', content: 'Plan a party' },
          { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'delegate', arguments: '{}' }] },
          { role: 'tool', content: '{"output":"Cake"}', toolCallId: 'c1', name: 'delegate' },
        ],
        tools,
        task: SWARM_COORDINATOR_TASK,
      });
      expect(response.toolCalls).toEqual([]);
      expect(response.content).toContain('Cake');
    });

    it('When the same tools come without the swarm task, Then nothing is delegated', async () => {
      const response = await provider.chat({ messages: [{ role: 'user', content: 'Plan a party' }], tools });
      expect(response.toolCalls).toEqual([]);
    });
  });
});
