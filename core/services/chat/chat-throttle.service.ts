import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { ChatRateLimitedError } from '../../domain/chat/chat.errors';
import { secondsUntilReset } from '../../domain/rate-limit/rate-limit';
import { CLOCK, Clock } from '../../ports/clock.port';
import { RATE_LIMITER, RateLimiter } from '../../ports/rate-limiter.port';
import { CHAT_SETTINGS, ChatSettings } from './chat-settings';

const WINDOW_SECONDS = 60;

/** The per-user rate of chat turns, counted in the shared rate limiter before the turn runs (every process draws from one allowance). */
@injectable()
export class ChatThrottle {
  constructor(
    @inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(CHAT_SETTINGS) private readonly settings: ChatSettings,
  ) {}

  /** Counts one turn, or throws `ChatRateLimitedError`. */
  async take(actor: Actor): Promise<void> {
    const now = this.clock.now();
    const limit = this.settings.ratePerMinute;
    const decision = await this.limiter.consume(`chat:${actor.userId}`, { limit, windowSeconds: WINDOW_SECONDS }, now);
    if (!decision.allowed) throw new ChatRateLimitedError(limit, secondsUntilReset(decision, now));
  }
}
