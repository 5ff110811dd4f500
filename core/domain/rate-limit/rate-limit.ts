/** At most `limit` requests per bucket in each fixed window of `windowSeconds`. */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/**
 * The outcome of counting one request. A bucket's window starts with the first request
 * after the previous window ended and lasts `windowSeconds`.
 */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  /** Requests still allowed in the current window, after this one. */
  remaining: number;
  windowSeconds: number;
  /** When the current window ends and the count starts again. */
  resetAt: Date;
}

/** Whole seconds from `now` until the window resets, at least 1 (a `Retry-After` value). */
export function secondsUntilReset(decision: RateLimitDecision, now: Date): number {
  return Math.max(1, Math.ceil((decision.resetAt.getTime() - now.getTime()) / 1000));
}
