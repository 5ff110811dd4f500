import type { Message, StopReason } from '@anthropic-ai/sdk/resources/messages';
import { TokenUsage } from '../../../core/domain/llm/chat-message';
import { ChatResponse, FinishReason } from '../../../core/ports/llm-provider.port';
import { extractJsonObject } from './anthropic-json';

export function toChatResponse(message: Message, wantsJson: boolean): ChatResponse {
  const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
  const toolCalls = message.content.flatMap((block) =>
    block.type === 'tool_use' ? [{ id: block.id, name: block.name, arguments: JSON.stringify(block.input ?? {}) }] : [],
  );
  return {
    content: wantsJson ? extractJsonObject(text) : text,
    toolCalls,
    usage: toTokenUsage(inputTokens(message.usage), message.usage.output_tokens),
    model: message.model,
    finishReason: toFinishReason(message.stop_reason),
  };
}

interface InputUsage {
  input_tokens: number | null;
  cache_creation_input_tokens: number | null;
  cache_read_input_tokens: number | null;
}

/** Cached prompt tokens are reported apart from `input_tokens`; they are prompt tokens all the same. */
export function inputTokens(usage: InputUsage): number {
  return (usage.input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
}

export function toTokenUsage(promptTokens: number, completionTokens: number): TokenUsage {
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

export function toFinishReason(reason: StopReason | null): FinishReason {
  if (reason === 'tool_use') return 'tool_calls';
  return reason === 'max_tokens' ? 'length' : 'stop';
}
