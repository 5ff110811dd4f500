import { LlmError } from '../../domain/llm/llm.errors';
import { DomainError } from '../../shared/domain-error';

export const PROVIDER_FAILED_MESSAGE = 'The model provider failed to answer';

/**
 * What a run may say of a domain error it ended with: its code, and its message unless it is a
 * model provider's failure, whose message names the provider and its status.
 */
export function publicFailureOf(error: DomainError): { code: string; message: string } {
  return { code: error.code, message: error instanceof LlmError ? PROVIDER_FAILED_MESSAGE : error.message };
}
