import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  OpenAIError,
} from 'openai';
import { DomainError } from '../../../core/shared/domain-error';
import { FailureContext, toLlmError, UpstreamFailure } from '../upstream-failure';

/**
 * Turns what the openai SDK threw into a port error. Errors that are not the SDK's
 * (our own bugs) pass through unchanged unless they broke a running stream.
 */
export function mapOpenAiError(provider: string, error: unknown, context: FailureContext = {}): unknown {
  if (error instanceof DomainError) return error;
  const failure = classify(error, context);
  return failure ? toLlmError(provider, failure) : error;
}

function classify(error: unknown, { duringStream = false, pastDeadline = false }: FailureContext): UpstreamFailure | undefined {
  if (error instanceof APIUserAbortError) return { kind: 'aborted' };
  if (error instanceof APIConnectionTimeoutError) return { kind: 'timeout' };
  if (error instanceof APIConnectionError) return { kind: pastDeadline ? 'timeout' : 'connection' };
  if (error instanceof APIError) {
    return error.status === undefined ? { kind: 'broken_stream' } : { kind: 'http', status: error.status, headers: error.headers };
  }
  if (error instanceof OpenAIError) return { kind: 'invalid_response' };
  if (isAbort(error)) return { kind: 'aborted' };
  return duringStream ? { kind: 'broken_stream' } : undefined;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
