import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { ExecutionRateLimitedError } from '../../domain/execution/execution.errors';
import { secondsUntilReset } from '../../domain/rate-limit/rate-limit';
import { CLOCK, Clock } from '../../ports/clock.port';
import { RATE_LIMITER, RateLimiter } from '../../ports/rate-limiter.port';
import { EXECUTION_SETTINGS, ExecutionSettings } from './execution-settings';

const WINDOW_SECONDS = 60;

/**
 * The per-user rate of executions started over the API: each one may spend a whole LLM budget.
 * Counted in the shared rate limiter before anything runs (consume first, then check), so
 * concurrent requests and every process draw from one allowance.
 */
@injectable()
export class ExecutionStartThrottle {
  constructor(
    @inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(EXECUTION_SETTINGS) private readonly settings: ExecutionSettings,
  ) {}

  /** Counts one start, or throws `ExecutionRateLimitedError` (429 with `Retry-After`). */
  async take(actor: Actor): Promise<void> {
    const now = this.clock.now();
    const limit = this.settings.startsPerMinute;
    const decision = await this.limiter.consume(`execution-start:${actor.userId}`, { limit, windowSeconds: WINDOW_SECONDS }, now);
    if (!decision.allowed) throw new ExecutionRateLimitedError(limit, secondsUntilReset(decision, now));
  }
}
