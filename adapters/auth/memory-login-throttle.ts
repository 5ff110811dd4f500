import { RateLimiterMemory } from 'rate-limiter-flexible';
import { LoginThrottle } from '../../core/ports/login-throttle.port';

/** 10 failures per key within 15 minutes block further attempts until the window passes. */
export class MemoryLoginThrottle implements LoginThrottle {
  private readonly limiter: RateLimiterMemory;

  constructor(
    private readonly maxFailures = 10,
    windowSeconds = 15 * 60,
  ) {
    this.limiter = new RateLimiterMemory({ points: maxFailures, duration: windowSeconds });
  }

  async blockedFor(key: string): Promise<number> {
    const state = await this.limiter.get(key);
    if (!state || state.consumedPoints < this.maxFailures) {
      return 0;
    }
    return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  }

  async recordFailure(key: string): Promise<void> {
    await this.limiter.penalty(key, 1);
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}
