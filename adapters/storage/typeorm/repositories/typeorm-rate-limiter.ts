import { EntityManager } from 'typeorm';
import { RateLimitDecision, RateLimitRule } from '../../../../core/domain/rate-limit/rate-limit';
import { RateLimiter } from '../../../../core/ports/rate-limiter.port';
import { RateLimitWindowOrmEntity } from '../entities/rate-limit-window.orm-entity';
import { ManagerProvider } from '../manager-provider';

/**
 * Counts in one conditional UPDATE, which the database applies atomically on both dialects:
 * it starts a new window when the old one has ended, else adds one while the count is under
 * the limit, else changes nothing (refused). MySQL row locks serialise racing updates and
 * re-check the condition against the committed count; SQLite runs one statement at a time.
 *
 * SET assigns `hits` before `window_started_ms` on purpose: MySQL evaluates assignments left
 * to right with the new values, SQLite with the old ones, and this order reads the same on both.
 */
const COUNT_SQL = `UPDATE rate_limit_windows
  SET hits = CASE WHEN window_started_ms <= ? THEN 1 ELSE hits + 1 END,
      window_started_ms = CASE WHEN window_started_ms <= ? THEN ? ELSE window_started_ms END
  WHERE bucket = ? AND (window_started_ms <= ? OR hits < ?)`;

interface Attempt {
  counted: boolean;
  row: RateLimitWindowOrmEntity | null;
}

export class TypeOrmRateLimiter implements RateLimiter {
  constructor(private readonly managers: ManagerProvider) {}

  async consume(bucket: string, rule: RateLimitRule, now: Date): Promise<RateLimitDecision> {
    let attempt = await this.count(bucket, rule, now);
    if (!attempt.row) {
      await this.createExpiredWindow(bucket);
      attempt = await this.count(bucket, rule, now);
    }
    if (!attempt.row) throw new Error('rate_limit_windows lost a row it had just created');
    const hits = Number(attempt.row.hits);
    return {
      allowed: attempt.counted,
      limit: rule.limit,
      remaining: attempt.counted ? Math.max(0, rule.limit - hits) : 0,
      windowSeconds: rule.windowSeconds,
      resetAt: new Date(Number(attempt.row.windowStartedMs) + rule.windowSeconds * 1000),
    };
  }

  /** The update and the read of its result in one transaction, so the row read is the one this call wrote. */
  private count(bucket: string, rule: RateLimitRule, now: Date): Promise<Attempt> {
    const nowMs = now.getTime();
    const endedBy = nowMs - rule.windowSeconds * 1000;
    return this.managers.transaction(async (manager: EntityManager) => {
      if (!manager.queryRunner) throw new Error('A transaction manager has no query runner');
      const result = await manager.queryRunner.query(COUNT_SQL, [endedBy, endedBy, nowMs, bucket, endedBy, rule.limit], true);
      const row = await manager.findOneBy(RateLimitWindowOrmEntity, { bucket });
      return { counted: result.affected === 1, row };
    });
  }

  /**
   * A window that has already ended, so the next count starts a fresh one. Inserted on its
   * own, outside any transaction, and ignored when a racing call inserted it first: the
   * racers then meet on the row lock of the UPDATE instead of deadlocking on the insert.
   */
  private async createExpiredWindow(bucket: string): Promise<void> {
    await this.managers.use((manager) =>
      manager
        .createQueryBuilder()
        .insert()
        .into(RateLimitWindowOrmEntity)
        .values({ bucket, windowStartedMs: 0, hits: 0 })
        .orIgnore()
        .execute(),
    );
  }
}
