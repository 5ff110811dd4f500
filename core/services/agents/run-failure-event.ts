import { RunEventData } from '../../domain/run/run-event';
import { DomainError } from '../../shared/domain-error';
import { publicFailureOf } from '../runs/public-failure';

/**
 * The `error` event of a run that threw. A provider's failure says only that the model provider
 * failed (its message names the provider and its status); an unexpected error says nothing of itself.
 */
export function runFailureEvent(error: unknown): Extract<RunEventData, { type: 'error' }> {
  if (error instanceof DomainError) return { type: 'error', ...publicFailureOf(error) };
  return { type: 'error', code: 'run.internal_error', message: 'The run failed unexpectedly' };
}
