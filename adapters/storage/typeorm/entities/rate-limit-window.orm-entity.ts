import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Row of `rate_limit_windows`: one bucket's current fixed window and its count. */
@Entity({ name: 'rate_limit_windows' })
export class RateLimitWindowOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 160 })
  bucket!: string;

  /** Epoch milliseconds: compared arithmetically in SQL, the same way on every dialect. */
  @Column({ name: 'window_started_ms', type: 'bigint' })
  windowStartedMs!: string | number;

  @Column({ type: 'integer' })
  hits!: number;

  /** When the current window ends; the expiry sweep deletes rows past it. */
  @Index('idx_rate_limit_windows_expires')
  @Column({ name: 'expires_ms', type: 'bigint', default: 0 })
  expiresMs!: string | number;
}
