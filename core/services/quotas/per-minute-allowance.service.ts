import { inject, injectable } from 'inversify';
import { secondsUntilReset } from '../../domain/rate-limit/rate-limit';
import { CLOCK, Clock } from '../../ports/clock.port';
import { RATE_LIMITER, RateLimiter } from '../../ports/rate-limiter.port';

const WINDOW_SECONDS = 60;

/**
 * Per-minute allowances (chat turns, execution starts…) counted in the shared rate limiter, so
 * every process draws from one allowance; spent first, then checked, so concurrent requests
 * cannot all pass on one remaining use.
 */
@injectable()
export class PerMinuteAllowance {
  constructor(
    @inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Spends one of `limit` uses a minute of `bucket`: null when it was allowed, else the seconds until a use frees up. */
  async spend(bucket: string, limit: number): Promise<number | null> {
    const now = this.clock.now();
    const decision = await this.limiter.consume(bucket, { limit, windowSeconds: WINDOW_SECONDS }, now);
    return decision.allowed ? null : secondsUntilReset(decision, now);
  }
}
