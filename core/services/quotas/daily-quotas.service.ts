import { inject, injectable } from 'inversify';
import { secondsUntilReset } from '../../domain/rate-limit/rate-limit';
import { CLOCK, Clock } from '../../ports/clock.port';
import { RATE_LIMITER, RateLimiter } from '../../ports/rate-limiter.port';
import { DomainError } from '../../shared/domain-error';
import { DAILY_QUOTA_LIMITS, DailyQuota, DailyQuotaLimits } from './daily-quota-limits';

const DAY_SECONDS = 86_400;

const WHAT: Record<DailyQuota, string> = {
  emails: 'e-mails',
  schedules: 'schedules created',
  workspaceWriteBytes: 'bytes written to the workspace',
};

/** A user's daily allowance of something is spent. */
export class DailyQuotaExceededError extends DomainError {
  readonly code = 'quota.exceeded';
  constructor(
    readonly quota: DailyQuota,
    readonly limit: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`Daily quota reached: at most ${limit} ${WHAT[quota]} per day; try again later`);
  }
}

/**
 * Per-user daily quotas on what costs the platform outside the request (mail relayed,
 * schedules that keep firing, disk). Kept in the shared rate limiter, so every process
 * counts against the same allowance, and taken before the work is done.
 */
@injectable()
export class DailyQuotas {
  constructor(
    @inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(DAILY_QUOTA_LIMITS) private readonly limits: DailyQuotaLimits,
  ) {}

  /** Spends `amount` of the user's quota, or throws `DailyQuotaExceededError` and spends nothing. */
  async take(userId: string, quota: DailyQuota, amount = 1): Promise<void> {
    if (amount <= 0) return;
    const now = this.clock.now();
    const limit = this.limits[quota];
    const decision = await this.limiter.consume(`daily-${quota}:${userId}`, { limit, windowSeconds: DAY_SECONDS }, now, amount);
    if (!decision.allowed) throw new DailyQuotaExceededError(quota, limit, secondsUntilReset(decision, now));
  }
}
