import { LlmError } from '../../domain/llm/llm.errors';
import { RunEventData } from '../../domain/run/run-event';
import { DomainError } from '../../shared/domain-error';

/**
 * The `error` event of a run that threw. A provider's failure says only that the model provider
 * failed (its message names the provider and its status); an unexpected error says nothing of itself.
 */
export function runFailureEvent(error: unknown): Extract<RunEventData, { type: 'error' }> {
  if (error instanceof LlmError) return { type: 'error', code: error.code, message: 'The model provider failed to answer' };
  if (error instanceof DomainError) return { type: 'error', code: error.code, message: error.message };
  return { type: 'error', code: 'run.internal_error', message: 'The run failed unexpectedly' };
}
