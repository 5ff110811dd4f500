import { DomainError } from '../../shared/domain-error';

/** Base of provider failures; contracts map them to 502 `upstream_error`. */
export abstract class LlmError extends DomainError {
  /** Whether another attempt may succeed. */
  abstract readonly retryable: boolean;
}

export class LlmRateLimitError extends LlmError {
  readonly code = 'llm.upstream_rate_limited';
  readonly retryable = true;
  constructor(
    message = 'The model provider is rate limiting requests',
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export class LlmTimeoutError extends LlmError {
  readonly code = 'llm.upstream_timeout';
  readonly retryable = true;
  constructor(message = 'The model provider did not answer in time') {
    super(message);
  }
}

/** What kind of upstream failure: an HTTP error status, or no usable answer at all. */
export type LlmUpstreamFailureKind = 'http' | 'unreachable' | 'forbidden_target' | 'cancelled' | 'broken_stream' | 'unreadable';

export class LlmUpstreamError extends LlmError {
  readonly code = 'llm.upstream_error';
  constructor(
    message = 'The model provider failed',
    readonly retryable = false,
    readonly status?: number,
    readonly kind: LlmUpstreamFailureKind = status === undefined ? 'unreachable' : 'http',
  ) {
    super(message);
  }
}

export class LlmBudgetExceededError extends DomainError {
  readonly code = 'llm.budget_exceeded';
  constructor(limit: number) {
    super(`The run used its budget of ${limit} LLM calls`);
  }
}
