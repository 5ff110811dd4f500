import { LlmError } from '../../domain/llm/llm.errors';
import { OrchestrationFailedError } from '../../domain/orchestration/orchestration.errors';
import { PROVIDER_FAILED_MESSAGE } from '../runs/public-failure';

/** The error of a run that ended without an answer, saying of a provider's failure only that it failed (as chat does). */
export function orchestrationFailure(error: { code: string; message: string }): OrchestrationFailedError {
  return new OrchestrationFailedError(error.code, error.code.startsWith('llm.upstream') ? PROVIDER_FAILED_MESSAGE : error.message);
}

/** Rethrows what a run threw, a provider's failure without its detail. */
export function rethrowSafely(error: unknown): never {
  if (error instanceof LlmError) throw orchestrationFailure(error);
  throw error;
}
