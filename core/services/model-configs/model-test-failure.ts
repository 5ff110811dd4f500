import { LlmRateLimitError, LlmTimeoutError, LlmUpstreamError } from '../../domain/llm/llm.errors';
import { DomainError } from '../../shared/domain-error';

export interface ModelTestFailure {
  /** `authentication_failed`, `not_found`, `rejected`, `rate_limited`, `timeout`, `unreachable`, `forbidden_target`, `invalid_response`, `upstream_error`, `api_key_unreadable`. */
  code: string;
  message: string;
}

/**
 * What a user is told when a connection test fails: what to check, in words that name no
 * provider internals (no upstream body, header or SDK message ever reaches them). Undefined
 * for an error that is not the model's (a bug), which the caller lets through as a 500.
 */
export function modelTestFailureOf(error: unknown): ModelTestFailure | undefined {
  if (error instanceof LlmRateLimitError) return { code: 'rate_limited', message: 'The model server is rate limiting requests; try again later' };
  if (error instanceof LlmTimeoutError) return { code: 'timeout', message: 'The model server did not answer in time' };
  if (error instanceof LlmUpstreamError) return upstreamFailure(error);
  if (error instanceof DomainError && error.code === 'secret.unreadable') {
    return { code: 'api_key_unreadable', message: 'The stored API key can no longer be read; save the configuration with its key again' };
  }
  return undefined;
}

function upstreamFailure(error: LlmUpstreamError): ModelTestFailure {
  switch (error.kind) {
    case 'forbidden_target':
      return { code: 'forbidden_target', message: 'The base URL is not allowed: only public internet addresses can be reached' };
    case 'unreachable':
      return { code: 'unreachable', message: 'The model server could not be reached; check the base URL' };
    case 'cancelled':
      return { code: 'timeout', message: 'The test was cancelled before the model server answered' };
    case 'broken_stream':
    case 'unreadable':
      return { code: 'invalid_response', message: 'The model server sent an answer that could not be read; check the base URL and the provider' };
    case 'http':
      return statusFailure(error.status ?? 0);
  }
}

function statusFailure(status: number): ModelTestFailure {
  if (status === 401 || status === 403) return { code: 'authentication_failed', message: 'The model server refused the API key' };
  if (status === 404) return { code: 'not_found', message: 'The model server does not know this model or endpoint; check the model name and the base URL' };
  if (status === 400 || status === 422) return { code: 'rejected', message: 'The model server rejected the request; check the model name' };
  return { code: 'upstream_error', message: `The model server failed (HTTP ${status})` };
}
