import { DomainError } from '../../shared/domain-error';

/** Also thrown when the execution exists but the actor may not see it. */
export class ExecutionNotFoundError extends DomainError {
  readonly code = 'execution.not_found';
  constructor(id: string) {
    super(`Execution "${id}" not found`);
  }
}

/** The execution is not in a state that allows the change (e.g. resuming one that is not paused). */
export class ExecutionStateError extends DomainError {
  readonly code = 'execution.conflict';
}

/** The caller started more executions this minute than `EXECUTIONS_PER_MINUTE` allows. */
export class ExecutionRateLimitedError extends DomainError {
  readonly code = 'execution.rate_limited';
  constructor(
    limit: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`At most ${limit} executions may be started per minute; try again in ${retryAfterSeconds} s`);
  }
}

/** Error codes an execution record carries when it did not complete (data, not exceptions). */
export const EXECUTION_FAILURES = {
  /** An unexpected error: its text is logged, never stored. */
  internal: { code: 'execution.internal_error', message: 'The execution failed unexpectedly' },
  cancelled: { code: 'execution.cancelled', message: 'The execution was cancelled' },
  ownerMissing: { code: 'execution.owner_missing', message: 'The owner of this execution no longer exists' },
  notQueued: { code: 'execution.not_queued', message: 'The execution could not be queued' },
  /** Its process stopped renewing the lease, and it had no attempt left. */
  leaseExpired: { code: 'execution.lease_expired', message: 'The process running the execution stopped responding' },
} as const;
