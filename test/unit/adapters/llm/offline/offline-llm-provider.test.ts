import { OfflineLlmProvider } from '../../../../../adapters/llm/offline/offline-llm-provider';
import { OfflineResponder } from '../../../../../adapters/llm/offline/responders';
import { ToolDefinition } from '../../../../../core/domain/llm/chat-message';
import { LlmUpstreamError } from '../../../../../core/domain/llm/llm.errors';
import { ChatRequest } from '../../../../../core/ports/llm-provider.port';
import { collectEvents, tokenText } from '../../../../fixtures/llm/collect-events';

const calculator: ToolDefinition = {
  name: 'calculator',
  description: 'Evaluates arithmetic',
  parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
};
const webSearch: ToolDefinition = {
  name: 'web_search',
  description: 'Searches the web',
  parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
};
const say = (content: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content }], ...extra });
const structured = (task: string, input: string, responseFormat: 'json' | 'text' = 'json'): ChatRequest => ({
  messages: [
    { role: 'system', content: 'Follow the instructions.' },
    { role: 'user', content: input },
  ],
  task,
  responseFormat,
});

describe('OfflineLlmProvider', () => {
  const provider = new OfflineLlmProvider();

  it('says its plain replies come from the offline model and echoes the message', async () => {
    const response = await provider.chat(say('Summarise the quarterly sales report for the board'));
    expect(response.content).toMatch(/^\[offline model\] /);
    expect(response.content).toContain('Summarise the quarterly sales report for the board');
    expect(response.content).toContain('quarterly');
    expect(response).toMatchObject({ model: 'offline-1', finishReason: 'stop', toolCalls: [] });
  });

  it('answers the same request the same way every time', async () => {
    expect(await provider.chat(say('same input'))).toEqual(await provider.chat(say('same input')));
  });

  it('reports a deterministic token estimate that adds up', async () => {
    const { usage } = await provider.chat(say('count my tokens please'));
    expect(usage.promptTokens).toBeGreaterThan(0);
    expect(usage.completionTokens).toBeGreaterThan(0);
    expect(usage.totalTokens).toBe(usage.promptTokens + usage.completionTokens);
    expect((await provider.chat(say('count my tokens please, and a lot more words than before'))).usage.promptTokens).toBeGreaterThan(usage.promptTokens);
  });

  it('calls the tool the user names, with the math expression as argument', async () => {
    const response = await provider.chat(say('Use the calculator: what is (12.5 * 4) - 7?', { tools: [webSearch, calculator] }));
    expect(response.finishReason).toBe('tool_calls');
    expect(response.toolCalls).toEqual([{ id: 'call_offline_1', name: 'calculator', arguments: JSON.stringify({ expression: '(12.5 * 4) - 7' }) }]);
  });

  it('recognises a tool named with spaces for underscores and fills its query', async () => {
    const response = await provider.chat(say('Please do a web search for TypeScript release notes', { tools: [calculator, webSearch] }));
    expect(response.toolCalls[0].name).toBe('web_search');
    expect(JSON.parse(response.toolCalls[0].arguments)).toEqual({ query: 'TypeScript release notes' });
  });

  it('does not call a tool the user does not name', async () => {
    const response = await provider.chat(say('What is 2 + 2?', { tools: [webSearch] }));
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/^\[offline model\]/);
  });

  it('answers from the tool result once it comes back', async () => {
    const response = await provider.chat({
      messages: [
        { role: 'user', content: 'Use the calculator for 6 * 7' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'call_offline_1', name: 'calculator', arguments: '{"expression":"6 * 7"}' }] },
        { role: 'tool', content: '42', toolCallId: 'call_offline_1' },
      ],
      tools: [calculator],
    });
    expect(response).toMatchObject({ finishReason: 'stop', toolCalls: [], content: '[offline model] The calculator tool returned: 42' });
  });

  it('streams word tokens that join to the chat answer, then usage and done', async () => {
    const request = say('stream this answer, 你好世界');
    const expected = await provider.chat(request);
    const events = await collectEvents(provider.stream(request));
    expect(tokenText(events)).toBe(expected.content);
    expect(events.filter((e) => e.type === 'token').length).toBeGreaterThan(5);
    expect(events.slice(-2)).toEqual([
      { type: 'usage', usage: expected.usage },
      { type: 'done', finishReason: 'stop', model: 'offline-1' },
    ]);
  });

  it('streams a tool call as one event', async () => {
    const events = await collectEvents(provider.stream(say('calculator 1+1', { tools: [calculator] })));
    expect(events.map((e) => e.type)).toEqual(['tool_call', 'usage', 'done']);
  });

  it('refuses a cancelled call', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(provider.chat(say('hi', { signal: controller.signal }))).rejects.toBeInstanceOf(LlmUpstreamError);
  });
});

describe('OfflineLlmProvider structured prompts', () => {
  const provider = new OfflineLlmProvider();

  it('routes the task goal-decomposition to its responder', async () => {
    const response = await provider.chat(structured('goal-decomposition', 'Collect the data; clean it; then train a model'));
    const body = JSON.parse(response.content);
    expect(body.tasks.map((t: { title: string }) => t.title)).toEqual(['Collect the data', 'Clean it', 'Train a model']);
    expect(body.tasks.map((t: { dependsOn: number[] }) => t.dependsOn)).toEqual([[], [0], [1]]);
  });

  it('routes the task self-review to its responder', async () => {
    const body = JSON.parse((await provider.chat(structured('self-review', 'Traceback: error in step 3'))).content);
    expect(body).toMatchObject({ passed: false, score: 0.3 });
    expect(body.issues.length).toBeGreaterThan(0);
  });

  it('answers an unknown task asking for JSON with a generic JSON object', async () => {
    const body = JSON.parse((await provider.chat(structured('no-such-task', 'hello world'))).content);
    expect(body).toMatchObject({ model: 'offline', task: 'no-such-task', input: 'hello world' });
    expect(body.answer).toMatch(/^\[offline model\]/);
  });

  it('answers a JSON request without a task line with a JSON object too', async () => {
    const body = JSON.parse((await provider.chat(say('give me json', { responseFormat: 'json' }))).content);
    expect(body).toMatchObject({ model: 'offline', task: null });
  });

  it('gives a plain reply to an unknown task in text mode', async () => {
    expect((await provider.chat(structured('no-such-task', 'hello', 'text'))).content).toMatch(/^\[offline model\] You wrote/);
  });

  it('uses the responders it is given, so new tasks can be appended', async () => {
    const echo: OfflineResponder = { task: 'prompt-writing', respond: (prompt) => `Improved: ${prompt.input}` };
    const custom = new OfflineLlmProvider('offline-1', [echo]);
    expect((await custom.chat(structured('prompt-writing', 'write a poem', 'text'))).content).toBe('Improved: write a poem');
  });
});
