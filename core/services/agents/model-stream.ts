import { ToolCall, TokenUsage, ZERO_USAGE } from '../../domain/llm/chat-message';
import { RunEventSink } from '../../domain/run/run-event';
import { ChatResponse, ChatStreamEvent, FinishReason } from '../../ports/llm-provider.port';

/**
 * Reads a model's stream into the answer a `chat` call would have given, handing each token to
 * `emit` as it arrives (so a streamed and a non-streamed run are one loop).
 */
export async function collectModelStream(stream: AsyncIterable<ChatStreamEvent>, emit: RunEventSink): Promise<ChatResponse> {
  let content = '';
  const toolCalls: ToolCall[] = [];
  let usage: TokenUsage = ZERO_USAGE;
  let finishReason: FinishReason = 'stop';
  let model = '';
  for await (const event of stream) {
    if (event.type === 'token') {
      content += event.content;
      await emit({ type: 'token', content: event.content });
    } else if (event.type === 'tool_call') {
      toolCalls.push(event.toolCall);
    } else if (event.type === 'usage') {
      usage = event.usage;
    } else {
      finishReason = event.finishReason;
      model = event.model;
    }
  }
  return { content, toolCalls, usage, model, finishReason };
}
