import { AnthropicError, APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { FailureContext } from '../upstream-failure';
import { mapSdkError, SdkErrorClasses } from '../sdk-error-classifier';

const ANTHROPIC_ERRORS: SdkErrorClasses = {
  base: AnthropicError,
  api: APIError,
  connection: APIConnectionError,
  connectionTimeout: APIConnectionTimeoutError,
  userAbort: APIUserAbortError,
};

/** Turns what the Anthropic SDK threw into a port error (see `mapSdkError`). */
export function mapAnthropicError(provider: string, error: unknown, context: FailureContext = {}): unknown {
  return mapSdkError(ANTHROPIC_ERRORS, provider, error, context);
}
