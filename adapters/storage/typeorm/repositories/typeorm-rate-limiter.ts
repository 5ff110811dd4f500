import { EntityManager } from 'typeorm';
import { RateLimitDecision, RateLimitRule } from '../../../../core/domain/rate-limit/rate-limit';
import { ExpiredStateSweeper } from '../../../../core/ports/expired-state-sweeper.port';
import { RateLimiter } from '../../../../core/ports/rate-limiter.port';
import { RateLimitWindowOrmEntity } from '../entities/rate-limit-window.orm-entity';
import { ManagerProvider } from '../manager-provider';

/**
 * Counts in one conditional UPDATE, which the database applies atomically on both dialects:
 * it starts a new window when the old one has ended, else adds the cost while the count stays
 * within the limit, else changes nothing (refused). MySQL row locks serialise racing updates
 * and re-check the condition against the committed count; SQLite runs one statement at a time.
 *
 * SET assigns `window_started_ms` last on purpose: MySQL evaluates assignments left to right
 * with the new values, SQLite with the old ones, and this order reads the same on both.
 */
const COUNT_SQL = `UPDATE rate_limit_windows
  SET hits = CASE WHEN window_started_ms <= ? THEN ? ELSE hits + ? END,
      expires_ms = CASE WHEN window_started_ms <= ? THEN ? ELSE expires_ms END,
      window_started_ms = CASE WHEN window_started_ms <= ? THEN ? ELSE window_started_ms END
  WHERE bucket = ? AND (window_started_ms <= ? OR hits + ? <= ?)`;

const REFUND_SQL = `UPDATE rate_limit_windows SET hits = hits - ?
  WHERE bucket = ? AND window_started_ms = ? AND hits >= ?`;

interface Attempt {
  counted: boolean;
  row: RateLimitWindowOrmEntity | null;
}

export class TypeOrmRateLimiter implements RateLimiter, ExpiredStateSweeper {
  constructor(private readonly managers: ManagerProvider) {}

  async consume(bucket: string, rule: RateLimitRule, now: Date, cost = 1): Promise<RateLimitDecision> {
    let attempt = await this.count(bucket, rule, now, cost);
    if (!attempt.row) {
      await this.createEndedWindow(bucket, rule, now);
      attempt = await this.count(bucket, rule, now, cost);
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

  async refund(bucket: string, decision: RateLimitDecision, cost = 1): Promise<void> {
    if (!decision.allowed) return;
    const windowStartedMs = decision.resetAt.getTime() - decision.windowSeconds * 1000;
    await this.managers.use((manager) => manager.query(REFUND_SQL, [cost, bucket, windowStartedMs, cost]));
  }

  async sweepExpired(now: Date): Promise<number> {
    const result = await this.managers.use((manager) =>
      manager.createQueryBuilder().delete().from(RateLimitWindowOrmEntity).where('expires_ms <= :now', { now: now.getTime() }).execute(),
    );
    return result.affected ?? 0;
  }

  /** The update and the read of its result in one transaction, so the row read is the one this call wrote. */
  private count(bucket: string, rule: RateLimitRule, now: Date, cost: number): Promise<Attempt> {
    const nowMs = now.getTime();
    const windowMs = rule.windowSeconds * 1000;
    const endedBy = nowMs - windowMs;
    if (cost > rule.limit) return this.read(bucket);
    const parameters = [endedBy, cost, cost, endedBy, nowMs + windowMs, endedBy, nowMs, bucket, endedBy, cost, rule.limit];
    return this.managers.transaction(async (manager: EntityManager) => {
      if (!manager.queryRunner) throw new Error('A transaction manager has no query runner');
      const result = await manager.queryRunner.query(COUNT_SQL, parameters, true);
      const row = await manager.findOneBy(RateLimitWindowOrmEntity, { bucket });
      return { counted: result.affected === 1, row };
    });
  }

  private async read(bucket: string): Promise<Attempt> {
    const row = await this.managers.use((manager) => manager.findOneBy(RateLimitWindowOrmEntity, { bucket }));
    return { counted: false, row };
  }

  /**
   * A window that has already ended, so the next count starts a fresh one; it expires a window
   * from now so the sweep cannot take it before that count. Inserted on its own, outside any
   * transaction, and ignored when a racing call inserted it first: the racers then meet on the
   * row lock of the UPDATE instead of deadlocking on the insert.
   */
  private async createEndedWindow(bucket: string, rule: RateLimitRule, now: Date): Promise<void> {
    await this.managers.use((manager) =>
      manager
        .createQueryBuilder()
        .insert()
        .into(RateLimitWindowOrmEntity)
        .values({ bucket, windowStartedMs: 0, hits: 0, expiresMs: now.getTime() + rule.windowSeconds * 1000 })
        .orIgnore()
        .execute(),
    );
  }
}
