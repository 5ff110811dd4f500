import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, OpenAIError } from 'openai';
import { LlmRateLimitError, LlmTimeoutError, LlmUpstreamError } from '../../../core/domain/llm/llm.errors';
import { DomainError } from '../../../core/shared/domain-error';

/**
 * Turns what the openai SDK threw into the port's provider errors, from the status alone:
 * an upstream body may echo the API key or the input, so it never reaches a message.
 * (The LLM adapters map the same way; adapters do not import each other.)
 */
export function mapEmbeddingError(provider: string, error: unknown, pastDeadline = false): unknown {
  if (error instanceof DomainError) return error;
  if (error instanceof APIUserAbortError) return new LlmUpstreamError(`${provider}: the embedding call was cancelled`, false);
  // The SDK spots its timeout by the abort error's name, lost when fetch runs in another realm (Jest).
  if (error instanceof APIConnectionTimeoutError || (error instanceof APIConnectionError && pastDeadline)) {
    return new LlmTimeoutError(`${provider}: the embedding provider did not answer in time`);
  }
  if (error instanceof APIConnectionError) return new LlmUpstreamError(`${provider}: could not reach the embedding provider`, true);
  if (error instanceof APIError && error.status !== undefined) return fromStatus(provider, error.status, error.headers);
  if (error instanceof OpenAIError) return new LlmUpstreamError(`${provider}: the embedding provider sent an unreadable answer`, false);
  return error;
}

function fromStatus(provider: string, status: number, headers: Headers | undefined): DomainError {
  if (status === 429) {
    return new LlmRateLimitError(`${provider}: the embedding provider is rate limiting requests (HTTP 429)`, retryAfterMs(headers));
  }
  if (status === 408) return new LlmTimeoutError(`${provider}: the embedding provider timed out (HTTP 408)`);
  return new LlmUpstreamError(`${provider}: the embedding provider answered HTTP ${status}`, status >= 500, status);
}

function retryAfterMs(headers: Headers | undefined): number | undefined {
  const millis = Number(headers?.get('retry-after-ms') ?? NaN);
  if (Number.isFinite(millis) && millis >= 0) return millis;
  const seconds = Number(headers?.get('retry-after') ?? NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}
