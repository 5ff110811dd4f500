import { DomainError } from '../../shared/domain-error';
import { RateLimitDecision } from '../rate-limit/rate-limit';

/** The model's intent analysis could not be read or repaired into the schema. */
export class IntentAnalysisUnusableError extends DomainError {
  readonly code = 'prompt.upstream_error';
  constructor(readonly problem: string) {
    super('The model returned an intent analysis that could not be used');
  }
}

/** The model's second answer held no prompt. */
export class EmptyOptimizedPromptError extends DomainError {
  readonly code = 'prompt.upstream_error';
  constructor() {
    super('The model returned an empty prompt');
  }
}

/** The key used its requests of the current window. */
export class PromptRateLimitedError extends DomainError {
  readonly code = 'prompt.rate_limited';
  constructor(
    readonly decision: RateLimitDecision,
    readonly retryAfterSeconds: number,
  ) {
    super(`Rate limit exceeded: ${decision.limit} requests per ${decision.windowSeconds} seconds; retry in ${retryAfterSeconds} s`);
  }
}
