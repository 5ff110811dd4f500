import { toOpenAiParams } from '../../../../../adapters/llm/openai/openai-chat-request';
import { toChatResponse } from '../../../../../adapters/llm/openai/openai-chat-response';

describe('toOpenAiParams', () => {
  it('leaves out options the request does not set', () => {
    expect(toOpenAiParams({ messages: [{ role: 'user', content: 'hi' }] }, 'gpt-4o-mini', 'max_completion_tokens')).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('keeps the text of an assistant message that also called tools', () => {
    const params = toOpenAiParams(
      { messages: [{ role: 'assistant', content: 'Checking.', toolCalls: [{ id: 'c1', name: 'f', arguments: '{}' }] }] },
      'm',
      'max_tokens',
    );
    expect(params.messages[0]).toMatchObject({ role: 'assistant', content: 'Checking.' });
  });
});

describe('toChatResponse (OpenAI)', () => {
  it('reads text, function tool calls, usage, finish reason and model', () => {
    const response = toChatResponse(
      {
        id: 'x',
        object: 'chat.completion',
        created: 0,
        model: 'gpt-4o-mini-2024',
        choices: [
          {
            index: 0,
            finish_reason: 'tool_calls',
            logprobs: null,
            message: {
              role: 'assistant',
              content: null,
              refusal: null,
              tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
            },
          },
        ],
        usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
      },
      'gpt-4o-mini',
    );
    expect(response).toEqual({
      content: '',
      toolCalls: [{ id: 'c1', name: 'f', arguments: '{"a":1}' }],
      usage: { promptTokens: 5, completionTokens: 2, totalTokens: 7 },
      model: 'gpt-4o-mini-2024',
      finishReason: 'tool_calls',
    });
  });
});
