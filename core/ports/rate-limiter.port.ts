import { RateLimitDecision, RateLimitRule } from '../domain/rate-limit/rate-limit';
import { token } from '../shared/token';

/**
 * Fixed-window request counting per bucket (an API key, a client address…). Counting is
 * atomic: however many calls race for one bucket, at most `rule.limit` of them are allowed
 * in a window. An allowed call counts whatever becomes of the request afterwards; a refused
 * one does not move the count. State outlives the process.
 */
export interface RateLimiter {
  consume(bucket: string, rule: RateLimitRule, now: Date): Promise<RateLimitDecision>;
}

export const RATE_LIMITER = token<RateLimiter>('RateLimiter');
