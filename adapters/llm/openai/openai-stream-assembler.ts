import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { TokenUsage, ToolCall, ZERO_USAGE } from '../../../core/domain/llm/chat-message';
import { ChatStreamEvent } from '../../../core/ports/llm-provider.port';
import { toFinishReason, toTokenUsage } from './openai-chat-response';

/**
 * Turns chat completion chunks into port events. Tool calls arrive as argument
 * fragments keyed by index; each is emitted once, complete, when the choice finishes.
 */
export class OpenAiStreamAssembler {
  private readonly pending = new Map<number, ToolCall>();
  private emittedToolCalls = 0;
  private reason: string | null = null;
  private usage: TokenUsage = ZERO_USAGE;
  private model = '';

  accept(chunk: ChatCompletionChunk): ChatStreamEvent[] {
    if (chunk.model) this.model = chunk.model;
    if (chunk.usage) this.usage = toTokenUsage(chunk.usage);
    const choice = chunk.choices[0];
    if (!choice) return [];
    const events: ChatStreamEvent[] = [];
    if (choice.delta?.content) events.push({ type: 'token', content: choice.delta.content });
    for (const delta of choice.delta?.tool_calls ?? []) {
      const call = this.pending.get(delta.index) ?? { id: '', name: '', arguments: '' };
      call.id ||= delta.id ?? '';
      call.name ||= delta.function?.name ?? '';
      call.arguments += delta.function?.arguments ?? '';
      this.pending.set(delta.index, call);
    }
    if (choice.finish_reason) {
      this.reason = choice.finish_reason;
      events.push(...this.flushToolCalls());
    }
    return events;
  }

  /** The closing events: any unflushed tool call, then one usage, then one done. */
  finish(fallbackModel: string): ChatStreamEvent[] {
    const events = this.flushToolCalls();
    const finishReason = toFinishReason(this.reason, this.emittedToolCalls > 0);
    return [...events, { type: 'usage', usage: this.usage }, { type: 'done', finishReason, model: this.model || fallbackModel }];
  }

  private flushToolCalls(): ChatStreamEvent[] {
    const calls = [...this.pending.entries()].sort(([a], [b]) => a - b);
    this.pending.clear();
    return calls.map(([index, call]): ChatStreamEvent => {
      this.emittedToolCalls += 1;
      const toolCall = { id: call.id || `call_${index}`, name: call.name, arguments: call.arguments || '{}' };
      return { type: 'tool_call', toolCall };
    });
  }
}
