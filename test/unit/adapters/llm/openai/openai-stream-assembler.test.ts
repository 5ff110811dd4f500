import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { OpenAiStreamAssembler } from '../../../../../adapters/llm/openai/openai-stream-assembler';

type Delta = ChatCompletionChunk.Choice.Delta;
const chunk = (delta: Delta, finish: ChatCompletionChunk.Choice['finish_reason'] = null): ChatCompletionChunk => ({
  id: 'c',
  object: 'chat.completion.chunk',
  created: 0,
  model: 'gpt-test',
  choices: [{ index: 0, delta, finish_reason: finish }],
});
const usageChunk: ChatCompletionChunk = {
  id: 'c',
  object: 'chat.completion.chunk',
  created: 0,
  model: 'gpt-test',
  choices: [],
  usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 },
};

describe('OpenAiStreamAssembler', () => {
  it('yields content deltas as tokens, then usage and done', () => {
    const assembler = new OpenAiStreamAssembler();
    const events = [chunk({ role: 'assistant', content: '' }), chunk({ content: 'Hel' }), chunk({ content: 'lo' }), chunk({}, 'stop'), usageChunk].flatMap(
      (c) => assembler.accept(c),
    );
    expect([...events, ...assembler.finish('fallback')]).toEqual([
      { type: 'token', content: 'Hel' },
      { type: 'token', content: 'lo' },
      { type: 'usage', usage: { promptTokens: 7, completionTokens: 3, totalTokens: 10 } },
      { type: 'done', finishReason: 'stop', model: 'gpt-test' },
    ]);
  });

  it('joins interleaved argument fragments of parallel tool calls and emits each once, in index order', () => {
    const assembler = new OpenAiStreamAssembler();
    const events = [
      chunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'add', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'mul', arguments: '{"x"' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"a":1,' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: ':2}' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '"b":2}' } }] }),
    ].flatMap((c) => assembler.accept(c));
    expect(events).toEqual([]);
    expect(assembler.accept(chunk({}, 'tool_calls'))).toEqual([
      { type: 'tool_call', toolCall: { id: 'call_a', name: 'add', arguments: '{"a":1,"b":2}' } },
      { type: 'tool_call', toolCall: { id: 'call_b', name: 'mul', arguments: '{"x":2}' } },
    ]);
    expect(assembler.finish('fallback')).toEqual([
      { type: 'usage', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } },
      { type: 'done', finishReason: 'tool_calls', model: 'gpt-test' },
    ]);
  });

  it('treats tool calls as the finish reason even when a compatible server says stop', () => {
    const assembler = new OpenAiStreamAssembler();
    assembler.accept(chunk({ tool_calls: [{ index: 0, function: { name: 'add', arguments: '' } }] }));
    const events = [...assembler.accept(chunk({}, 'stop')), ...assembler.finish('m')];
    expect(events[0]).toEqual({ type: 'tool_call', toolCall: { id: 'call_0', name: 'add', arguments: '{}' } });
    expect(events[events.length - 1]).toMatchObject({ finishReason: 'tool_calls' });
  });

  it('flushes tool calls at the end when no finish reason came', () => {
    const assembler = new OpenAiStreamAssembler();
    assembler.accept(chunk({ tool_calls: [{ index: 0, id: 'c1', function: { name: 'f', arguments: '{}' } }] }));
    expect(assembler.finish('m').map((e) => e.type)).toEqual(['tool_call', 'usage', 'done']);
  });
});
