import { ChatMessage, ToolDefinition } from '../../../core/domain/llm/chat-message';
import { ChatRequest, LlmProvider } from '../../../core/ports/llm-provider.port';
import { collectEvents, tokenText } from '../../fixtures/llm/collect-events';

const calculator: ToolDefinition = {
  name: 'calculator',
  description: 'Evaluates an arithmetic expression.',
  parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'], additionalProperties: false },
};

const plain: ChatRequest = {
  messages: [
    { role: 'system', content: 'You are a helpful assistant.' },
    { role: 'user', content: 'Tell me about the history of the printing press in Europe.' },
  ],
};

const askForTool: ChatMessage[] = [{ role: 'user', content: 'Use the calculator to work out 12 * (3 + 4).' }];

/** What every LlmProvider promises, whatever model is behind it. */
export function describeLlmProviderContract(name: string, makeSubject: () => LlmProvider): void {
  describe(`LlmProvider contract: ${name}`, () => {
    let provider: LlmProvider;
    beforeEach(() => {
      provider = makeSubject();
    });

    it('answers a plain chat with text, no tool calls, stop and the model name', async () => {
      const response = await provider.chat(plain);
      expect(response.content.trim()).not.toBe('');
      expect(response.toolCalls).toEqual([]);
      expect(response.finishReason).toBe('stop');
      expect(response.model).not.toBe('');
    });

    it('reports token usage that adds up', async () => {
      const { usage } = await provider.chat(plain);
      expect(usage.promptTokens).toBeGreaterThan(0);
      expect(usage.completionTokens).toBeGreaterThan(0);
      expect(usage.totalTokens).toBe(usage.promptTokens + usage.completionTokens);
    });

    it('streams the chat answer as tokens in order, then one usage, then exactly one done', async () => {
      const expected = await provider.chat(plain);
      const events = await collectEvents(provider.stream(plain));
      const types = events.map((e) => e.type);
      expect(types.filter((t) => t === 'token').length).toBeGreaterThan(1);
      expect(tokenText(events)).toBe(expected.content);
      expect(types.filter((t) => t === 'usage')).toHaveLength(1);
      expect(types.lastIndexOf('token')).toBeLessThan(types.indexOf('usage'));
      expect(types.filter((t) => t === 'done')).toHaveLength(1);
      expect(events[events.length - 1]).toEqual({ type: 'done', finishReason: 'stop', model: expected.model });
      const usage = events.find((e) => e.type === 'usage');
      expect(usage?.type === 'usage' && usage.usage.totalTokens).toBeGreaterThan(0);
    });

    it('calls an offered tool the user names, with arguments that parse to an object', async () => {
      const response = await provider.chat({ messages: askForTool, tools: [calculator] });
      expect(response.finishReason).toBe('tool_calls');
      expect(response.toolCalls).toHaveLength(1);
      const [call] = response.toolCalls;
      expect(call.name).toBe('calculator');
      expect(call.id).not.toBe('');
      expect(typeof JSON.parse(call.arguments).expression).toBe('string');
    });

    it('answers with the tool result once the tool message comes back', async () => {
      const first = await provider.chat({ messages: askForTool, tools: [calculator] });
      const [call] = first.toolCalls;
      const messages: ChatMessage[] = [
        ...askForTool,
        { role: 'assistant', content: first.content, toolCalls: first.toolCalls },
        { role: 'tool', content: '84', toolCallId: call.id, name: call.name },
      ];
      const answer = await provider.chat({ messages, tools: [calculator] });
      expect(answer.finishReason).toBe('stop');
      expect(answer.toolCalls).toEqual([]);
      expect(answer.content).toContain('84');
    });

    it('streams a tool call as one complete tool_call event before usage and done', async () => {
      const events = await collectEvents(provider.stream({ messages: askForTool, tools: [calculator] }));
      const calls = events.filter((e) => e.type === 'tool_call');
      expect(calls).toHaveLength(1);
      const call = calls[0].type === 'tool_call' ? calls[0].toolCall : undefined;
      expect(call?.name).toBe('calculator');
      expect(typeof JSON.parse(call?.arguments ?? '').expression).toBe('string');
      expect(events.slice(-2).map((e) => e.type)).toEqual(['usage', 'done']);
      expect(events[events.length - 1]).toMatchObject({ type: 'done', finishReason: 'tool_calls' });
    });

    it('answers a JSON request with a parseable JSON object', async () => {
      const response = await provider.chat({
        messages: [
          { role: 'system', content: 'Reply with a JSON object that echoes the user.' },
          { role: 'user', content: 'Summarise: the quick brown fox.' },
        ],
        task: 'contract-check',
        responseFormat: 'json',
      });
      const parsed: unknown = JSON.parse(response.content);
      expect(parsed).toEqual(expect.any(Object));
      expect(Array.isArray(parsed)).toBe(false);
    });
  });
}
