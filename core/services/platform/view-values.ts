import { TokenUsage } from '../../domain/llm/chat-message';
import { TokenUsageView } from '../../ports/platform-gateway.port';

export function tokenUsageView(usage: TokenUsage): TokenUsageView {
  return { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.totalTokens };
}

/** Dates leave the core as ISO 8601 text. */
export function isoOrNull(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}
