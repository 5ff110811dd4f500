import type { RawMessageStreamEvent, StopReason } from '@anthropic-ai/sdk/resources/messages';
import { ChatStreamEvent } from '../../../core/ports/llm-provider.port';
import { inputTokens, toFinishReason, toTokenUsage } from './anthropic-messages-response';

interface PendingToolUse {
  id: string;
  name: string;
  json: string;
}

/**
 * Turns Messages API stream events into port events: text deltas become tokens, a
 * tool_use block's input_json_delta fragments become one tool_call when the block stops.
 */
export class AnthropicStreamAssembler {
  private readonly toolUses = new Map<number, PendingToolUse>();
  private promptTokens = 0;
  private completionTokens = 0;
  private stopReason: StopReason | null = null;
  private model = '';

  accept(event: RawMessageStreamEvent): ChatStreamEvent[] {
    switch (event.type) {
      case 'message_start':
        this.model = event.message.model;
        this.promptTokens = inputTokens(event.message.usage);
        this.completionTokens = event.message.usage.output_tokens;
        return [];
      case 'content_block_start':
        if (event.content_block.type === 'tool_use') {
          this.toolUses.set(event.index, { id: event.content_block.id, name: event.content_block.name, json: '' });
        }
        return [];
      case 'content_block_delta':
        if (event.delta.type === 'text_delta') return event.delta.text ? [{ type: 'token', content: event.delta.text }] : [];
        if (event.delta.type === 'input_json_delta') {
          const pending = this.toolUses.get(event.index);
          if (pending) pending.json += event.delta.partial_json;
        }
        return [];
      case 'content_block_stop':
        return this.closeToolUse(event.index);
      case 'message_delta':
        this.stopReason = event.delta.stop_reason ?? this.stopReason;
        this.completionTokens = event.usage.output_tokens;
        if (event.usage.input_tokens !== null) this.promptTokens = inputTokens(event.usage);
        return [];
      default:
        return [];
    }
  }

  /** One usage, then one done. */
  finish(fallbackModel: string): ChatStreamEvent[] {
    return [
      { type: 'usage', usage: toTokenUsage(this.promptTokens, this.completionTokens) },
      { type: 'done', finishReason: toFinishReason(this.stopReason), model: this.model || fallbackModel },
    ];
  }

  private closeToolUse(index: number): ChatStreamEvent[] {
    const pending = this.toolUses.get(index);
    if (!pending) return [];
    this.toolUses.delete(index);
    return [{ type: 'tool_call', toolCall: { id: pending.id, name: pending.name, arguments: pending.json || '{}' } }];
  }
}
