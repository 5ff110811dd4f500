import { extractJsonObject, parseToolInput } from '../../../../../adapters/llm/anthropic/anthropic-json';
import { toAnthropicMessages, toAnthropicParams } from '../../../../../adapters/llm/anthropic/anthropic-messages-request';

describe('toAnthropicParams', () => {
  it('joins every system message into the system prompt and leaves them out of the turns', () => {
    const params = toAnthropicParams(
      {
        messages: [
          { role: 'system', content: 'A' },
          { role: 'user', content: 'hi' },
          { role: 'system', content: 'B' },
        ],
      },
      'claude',
      1024,
    );
    expect(params.system).toBe('A\n\nB');
    expect(params.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]);
    expect(params.max_tokens).toBe(1024);
  });
});

describe('toAnthropicMessages', () => {
  it('opens with a user turn when the conversation has none first', () => {
    expect(toAnthropicMessages([{ role: 'assistant', content: 'Hello' }])[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'Begin.' }] });
  });

  it('merges a user message that follows tool results into the same user turn, results first', () => {
    const turns = toAnthropicMessages([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: '', toolCalls: [{ id: 't1', name: 'f', arguments: 'not json' }] },
      { role: 'tool', content: 'done', toolCallId: 't1' },
      { role: 'user', content: 'and now?' },
    ]);
    expect(turns).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'done' },
          { type: 'text', text: 'and now?' },
        ],
      },
    ]);
  });
});

describe('Anthropic JSON helpers', () => {
  it('cuts a JSON object out of prose and code fences', () => {
    expect(extractJsonObject('{"a":1}')).toBe('{"a":1}');
    expect(extractJsonObject('Sure:\n```json\n{"a":1}\n```')).toBe('{"a":1}');
    expect(extractJsonObject('The answer is {"a": {"b": 2}} as asked.')).toBe('{"a": {"b": 2}}');
    expect(extractJsonObject('no json here')).toBe('no json here');
  });

  it('turns arguments that are not a JSON object into {}', () => {
    expect(parseToolInput('{"x":1}')).toEqual({ x: 1 });
    expect(parseToolInput('[1]')).toEqual({});
    expect(parseToolInput('oops')).toEqual({});
    expect(parseToolInput('')).toEqual({});
  });
});
