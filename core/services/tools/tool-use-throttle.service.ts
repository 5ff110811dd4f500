import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { secondsUntilReset } from '../../domain/rate-limit/rate-limit';
import { ToolUseRateLimitedError } from '../../domain/tool/tool.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { RATE_LIMITER, RateLimiter } from '../../ports/rate-limiter.port';
import { TOOLS_SETTINGS, ToolsSettings } from './tools-settings';

const WINDOW_SECONDS = 60;

/**
 * The per-user rate of tool use, weighted by what each tool can do. Counted in the shared rate
 * limiter before the tool runs (consume first, then check), so concurrent calls and every
 * process draw from one allowance.
 */
@injectable()
export class ToolUseThrottle {
  constructor(
    @inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(TOOLS_SETTINGS) private readonly settings: ToolsSettings,
  ) {}

  /** Spends `cost` of the actor's minute, or throws `ToolUseRateLimitedError` and spends nothing. */
  async take(actor: Actor, cost: number): Promise<void> {
    const now = this.clock.now();
    const limit = this.settings.useRatePerMinute;
    // Set below a tool's weight, the limit still lets that tool run once a minute.
    const weight = Math.min(cost, limit);
    const decision = await this.limiter.consume(`tool-use:${actor.userId}`, { limit, windowSeconds: WINDOW_SECONDS }, now, weight);
    if (!decision.allowed) throw new ToolUseRateLimitedError(limit, secondsUntilReset(decision, now));
  }
}
