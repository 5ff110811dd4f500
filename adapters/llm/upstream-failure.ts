import { LlmError, LlmRateLimitError, LlmTimeoutError, LlmUpstreamError } from '../../core/domain/llm/llm.errors';

/** What went wrong with a vendor call, stripped of everything the vendor said (keys, bodies). */
export type UpstreamFailure =
  | { kind: 'http'; status: number; headers?: Headers }
  | { kind: 'timeout' }
  | { kind: 'connection' }
  /** The egress guard refused the address (a user-supplied base URL that points inside). */
  | { kind: 'forbidden_target' }
  | { kind: 'aborted' }
  | { kind: 'broken_stream' }
  | { kind: 'invalid_response' };

export interface FailureContext {
  /** The failure broke a stream that had started. */
  duringStream?: boolean;
  /**
   * The call ran for at least its timeout. The SDKs spot their own timeout by the abort
   * error's name, which is lost when fetch runs in another realm (as under Jest); the clock is not.
   */
  pastDeadline?: boolean;
}

/**
 * Maps a failure to the port's errors. Messages are built here from the status only:
 * an upstream body may echo the API key or the prompt, so it never reaches a message.
 */
export function toLlmError(provider: string, failure: UpstreamFailure): LlmError {
  switch (failure.kind) {
    case 'http':
      return fromStatus(provider, failure.status, failure.headers);
    case 'timeout':
      return new LlmTimeoutError(`${provider}: the model provider did not answer in time`);
    case 'connection':
      return new LlmUpstreamError(`${provider}: could not reach the model provider`, true, undefined, 'unreachable');
    case 'forbidden_target':
      return new LlmUpstreamError(`${provider}: the model server's address is not allowed`, false, undefined, 'forbidden_target');
    case 'aborted':
      return new LlmUpstreamError(`${provider}: the model call was cancelled`, false, undefined, 'cancelled');
    case 'broken_stream':
      return new LlmUpstreamError(`${provider}: the model provider broke off its answer`, true, undefined, 'broken_stream');
    case 'invalid_response':
      return new LlmUpstreamError(`${provider}: the model provider sent an answer that could not be read`, false, undefined, 'unreadable');
  }
}

function fromStatus(provider: string, status: number, headers?: Headers): LlmError {
  if (status === 429) {
    return new LlmRateLimitError(`${provider}: the model provider is rate limiting requests (HTTP 429)`, retryAfterMs(headers));
  }
  if (status === 408) {
    return new LlmTimeoutError(`${provider}: the model provider timed out (HTTP 408)`);
  }
  const retryable = status >= 500;
  return new LlmUpstreamError(`${provider}: the model provider answered HTTP ${status}`, retryable, status);
}

/** Reads `retry-after-ms`, then `retry-after` (seconds or an HTTP date). */
export function retryAfterMs(headers?: Headers): number | undefined {
  const millis = Number(headers?.get('retry-after-ms') ?? NaN);
  if (Number.isFinite(millis) && millis >= 0) return millis;
  const raw = headers?.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
