import {
  AnthropicError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from '@anthropic-ai/sdk';
import { DomainError } from '../../../core/shared/domain-error';
import { FailureContext, toLlmError, UpstreamFailure } from '../upstream-failure';

/** Turns what the Anthropic SDK threw into a port error; see `mapOpenAiError` for the rules. */
export function mapAnthropicError(provider: string, error: unknown, context: FailureContext = {}): unknown {
  if (error instanceof DomainError) return error;
  const failure = classify(error, context);
  return failure ? toLlmError(provider, failure) : error;
}

function classify(error: unknown, { duringStream = false, pastDeadline = false }: FailureContext): UpstreamFailure | undefined {
  if (error instanceof APIUserAbortError) return { kind: 'aborted' };
  if (error instanceof APIConnectionTimeoutError) return { kind: 'timeout' };
  if (error instanceof APIConnectionError) return { kind: pastDeadline ? 'timeout' : 'connection' };
  if (error instanceof APIError) {
    // An `error` event inside a stream (e.g. overloaded_error) has no status.
    return error.status === undefined ? { kind: 'broken_stream' } : { kind: 'http', status: error.status, headers: error.headers };
  }
  if (error instanceof AnthropicError) return { kind: 'invalid_response' };
  if (error instanceof Error && error.name === 'AbortError') return { kind: 'aborted' };
  return duringStream ? { kind: 'broken_stream' } : undefined;
}
