import { Response } from 'express';
import { RateLimitDecision } from '../../../core/domain/rate-limit/rate-limit';
import { PromptRateLimit } from '../dto/prompt-optimize.dto';

const LOCALS_KEY = 'promptRateLimit';

/**
 * Announces a key's rate-limit state: `X-RateLimit-Limit`, `X-RateLimit-Remaining` and
 * `X-RateLimit-Reset` (Unix seconds when the window ends) on the response, and the same
 * state kept for the body of whatever answer the request ends with.
 */
export function announceRateLimit(response: Response, decision: RateLimitDecision): void {
  response.setHeader('X-RateLimit-Limit', String(decision.limit));
  response.setHeader('X-RateLimit-Remaining', String(decision.remaining));
  response.setHeader('X-RateLimit-Reset', String(Math.ceil(decision.resetAt.getTime() / 1000)));
  response.locals[LOCALS_KEY] = toPromptRateLimit(decision);
}

/** The state announced for this request, if its key got as far as being counted. */
export function announcedRateLimit(response: Response): PromptRateLimit | undefined {
  return response.locals[LOCALS_KEY] as PromptRateLimit | undefined;
}

export function toPromptRateLimit(decision: RateLimitDecision): PromptRateLimit {
  return { remaining: decision.remaining, limit: decision.limit, window_seconds: decision.windowSeconds };
}
