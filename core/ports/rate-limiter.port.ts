import { RateLimitDecision, RateLimitRule } from '../domain/rate-limit/rate-limit';
import { token } from '../shared/token';

/**
 * Fixed-window counting per bucket (an API key, a client address, a user's tool use…).
 * Counting is atomic: however many calls race for one bucket, the counts allowed in a window
 * add up to at most `rule.limit`. A call weighs `cost` (1 unless said otherwise); an allowed
 * call counts whatever becomes of the request afterwards unless it is refunded; a refused one
 * does not move the count. State outlives the process and is shared by every process.
 */
export interface RateLimiter {
  consume(bucket: string, rule: RateLimitRule, now: Date, cost?: number): Promise<RateLimitDecision>;

  /**
   * Gives back `cost` taken by an allowed `decision`, when what it guarded turned out not to
   * count (a login that succeeded). Does nothing once that window has ended.
   */
  refund(bucket: string, decision: RateLimitDecision, cost?: number): Promise<void>;
}

export const RATE_LIMITER = token<RateLimiter>('RateLimiter');
