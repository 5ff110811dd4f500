import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { ExecutionRateLimitedError } from '../../domain/execution/execution.errors';
import { PerMinuteAllowance } from '../quotas/per-minute-allowance.service';
import { EXECUTION_SETTINGS, ExecutionSettings } from './execution-settings';

/** The per-user rate of executions started over the API: each one may spend a whole LLM budget. */
@injectable()
export class ExecutionStartThrottle {
  constructor(
    @inject(PerMinuteAllowance) private readonly allowance: PerMinuteAllowance,
    @inject(EXECUTION_SETTINGS) private readonly settings: ExecutionSettings,
  ) {}

  /** Counts one start, or throws `ExecutionRateLimitedError` (429 with `Retry-After`). */
  async take(actor: Actor): Promise<void> {
    const limit = this.settings.startsPerMinute;
    const retryAfter = await this.allowance.spend(`execution-start:${actor.userId}`, limit);
    if (retryAfter !== null) throw new ExecutionRateLimitedError(limit, retryAfter);
  }
}
