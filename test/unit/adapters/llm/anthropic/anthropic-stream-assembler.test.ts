import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { AnthropicStreamAssembler } from '../../../../../adapters/llm/anthropic/anthropic-stream-assembler';

const usage = { input_tokens: 12, output_tokens: 1, cache_creation_input_tokens: 3, cache_read_input_tokens: null };

// Only the fields the assembler reads; the SDK types carry many more.
const events = [
  {
    type: 'message_start',
    message: { id: 'm', type: 'message', role: 'assistant', model: 'claude-test', content: [], stop_reason: null, stop_sequence: null, usage },
  },
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '', citations: null } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me ' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'check.' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_1', name: 'calculator', input: {} } },
  { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"expre' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: 'ssion":"2+2"}' } },
  { type: 'content_block_stop', index: 1 },
  {
    type: 'message_delta',
    delta: { stop_reason: 'tool_use', stop_sequence: null },
    usage: { output_tokens: 20, input_tokens: null, cache_creation_input_tokens: null, cache_read_input_tokens: null },
  },
  { type: 'message_stop' },
] as unknown as RawMessageStreamEvent[];

describe('AnthropicStreamAssembler', () => {
  it('turns text deltas into tokens and a tool_use block into one tool call, then usage and done', () => {
    const assembler = new AnthropicStreamAssembler();
    const out = [...events.flatMap((e) => assembler.accept(e)), ...assembler.finish('fallback')];
    expect(out).toEqual([
      { type: 'token', content: 'Let me ' },
      { type: 'token', content: 'check.' },
      { type: 'tool_call', toolCall: { id: 'toolu_1', name: 'calculator', arguments: '{"expression":"2+2"}' } },
      { type: 'usage', usage: { promptTokens: 15, completionTokens: 20, totalTokens: 35 } },
      { type: 'done', finishReason: 'tool_calls', model: 'claude-test' },
    ]);
  });

  it('gives a tool with no input an empty object', () => {
    const assembler = new AnthropicStreamAssembler();
    assembler.accept(events[5]);
    expect(assembler.accept(events[8])).toEqual([{ type: 'tool_call', toolCall: { id: 'toolu_1', name: 'calculator', arguments: '{}' } }]);
  });
});
