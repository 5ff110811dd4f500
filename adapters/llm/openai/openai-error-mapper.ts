import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, OpenAIError } from 'openai';
import { FailureContext } from '../upstream-failure';
import { mapSdkError, SdkErrorClasses } from '../sdk-error-classifier';

const OPENAI_ERRORS: SdkErrorClasses = {
  base: OpenAIError,
  api: APIError,
  connection: APIConnectionError,
  connectionTimeout: APIConnectionTimeoutError,
  userAbort: APIUserAbortError,
};

/** Turns what the openai SDK threw into a port error (see `mapSdkError`). */
export function mapOpenAiError(provider: string, error: unknown, context: FailureContext = {}): unknown {
  return mapSdkError(OPENAI_ERRORS, provider, error, context);
}
