import { inject, injectable } from 'inversify';
import { PromptRateLimitedError } from '../../domain/prompt/prompt.errors';
import { RateLimitDecision, secondsUntilReset } from '../../domain/rate-limit/rate-limit';
import { CLOCK, Clock } from '../../ports/clock.port';
import { RATE_LIMITER, RateLimiter } from '../../ports/rate-limiter.port';
import { OPTIMIZE_RATE_LIMIT } from './prompt-limits';

/** The per-key limit of the optimize endpoint: every authenticated request takes one slot. */
@injectable()
export class OptimizeQuota {
  constructor(
    @inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The decision for an admitted request; throws `PromptRateLimitedError` past the limit. */
  async admit(keyId: string): Promise<RateLimitDecision> {
    const now = this.clock.now();
    const decision = await this.limiter.consume(`prompt-key:${keyId}`, OPTIMIZE_RATE_LIMIT, now);
    if (!decision.allowed) throw new PromptRateLimitedError(decision, secondsUntilReset(decision, now));
    return decision;
  }
}
