import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { ChatRateLimitedError } from '../../domain/chat/chat.errors';
import { PerMinuteAllowance } from '../quotas/per-minute-allowance.service';
import { CHAT_SETTINGS, ChatSettings } from './chat-settings';

/** The per-user rate of chat turns (orchestration and swarms count in it too), counted before the turn runs. */
@injectable()
export class ChatThrottle {
  constructor(
    @inject(PerMinuteAllowance) private readonly allowance: PerMinuteAllowance,
    @inject(CHAT_SETTINGS) private readonly settings: ChatSettings,
  ) {}

  /** Counts one turn, or throws `ChatRateLimitedError`. */
  async take(actor: Actor): Promise<void> {
    const limit = this.settings.ratePerMinute;
    const retryAfter = await this.allowance.spend(`chat:${actor.userId}`, limit);
    if (retryAfter !== null) throw new ChatRateLimitedError(limit, retryAfter);
  }
}
