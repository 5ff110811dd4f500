import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { CompletionUsage } from 'openai/resources/completions';
import { TokenUsage, ToolCall, ZERO_USAGE } from '../../../core/domain/llm/chat-message';
import { ChatResponse, FinishReason } from '../../../core/ports/llm-provider.port';

export function toChatResponse(completion: ChatCompletion, fallbackModel: string): ChatResponse {
  const message = completion.choices[0]?.message;
  const toolCalls: ToolCall[] = (message?.tool_calls ?? []).flatMap((call, index) =>
    call.type === 'function' ? [{ id: call.id || `call_${index}`, name: call.function.name, arguments: call.function.arguments || '{}' }] : [],
  );
  return {
    content: message?.content ?? '',
    toolCalls,
    usage: toTokenUsage(completion.usage),
    model: completion.model || fallbackModel,
    finishReason: toFinishReason(completion.choices[0]?.finish_reason, toolCalls.length > 0),
  };
}

export function toTokenUsage(usage: CompletionUsage | null | undefined): TokenUsage {
  if (!usage) return ZERO_USAGE;
  return {
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    totalTokens: usage.total_tokens || usage.prompt_tokens + usage.completion_tokens,
  };
}

/** Some compatible servers report `stop` even when they called tools; the calls decide. */
export function toFinishReason(reason: string | null | undefined, calledTools: boolean): FinishReason {
  if (calledTools || reason === 'tool_calls' || reason === 'function_call') return 'tool_calls';
  return reason === 'length' ? 'length' : 'stop';
}
