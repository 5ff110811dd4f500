import { DomainError } from '../../core/shared/domain-error';
import { FailureContext, toLlmError, UpstreamFailure } from './upstream-failure';

type ErrorClass = abstract new (...args: never[]) => Error;

/** The error classes the openai and @anthropic-ai/sdk packages both define (they share one generator). */
export interface SdkErrorClasses {
  base: ErrorClass;
  api: abstract new (...args: never[]) => Error & { status: number | undefined; headers?: Headers };
  connection: ErrorClass;
  connectionTimeout: ErrorClass;
  userAbort: ErrorClass;
}

/**
 * Turns what a vendor SDK threw into a port error. Errors that are not the SDK's (our own
 * bugs) pass through unchanged unless they broke a running stream.
 */
export function mapSdkError(sdk: SdkErrorClasses, provider: string, error: unknown, context: FailureContext = {}): unknown {
  // The egress fetch cuts off a body that stalls; the SDK hands its error on as it is.
  if (error instanceof DomainError && error.code === 'egress.timeout') return toLlmError(provider, { kind: 'timeout' });
  if (error instanceof DomainError) return error;
  const failure = classify(sdk, error, context);
  return failure ? toLlmError(provider, failure) : error;
}

function classify(sdk: SdkErrorClasses, error: unknown, { duringStream = false, pastDeadline = false }: FailureContext): UpstreamFailure | undefined {
  if (error instanceof sdk.userAbort) return { kind: 'aborted' };
  if (error instanceof sdk.connectionTimeout) return { kind: 'timeout' };
  if (error instanceof sdk.connection) {
    // Our egress fetch threw it; the SDK hands it on as the connection error's cause.
    if (error.cause instanceof DomainError && error.cause.code === 'egress.forbidden_target') return { kind: 'forbidden_target' };
    return { kind: pastDeadline ? 'timeout' : 'connection' };
  }
  if (error instanceof sdk.api) {
    // An `error` event inside a stream (e.g. overloaded_error) has no status.
    return error.status === undefined ? { kind: 'broken_stream' } : { kind: 'http', status: error.status, headers: error.headers };
  }
  if (error instanceof sdk.base) return { kind: 'invalid_response' };
  if (error instanceof Error && error.name === 'AbortError') return { kind: 'aborted' };
  return duringStream ? { kind: 'broken_stream' } : undefined;
}
