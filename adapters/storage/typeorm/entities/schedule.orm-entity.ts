import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Row of `schedules`. No column is nullable (MariaDB reports nullable defaults in a way
 * TypeORM misreads): an absent text is empty, an absent instant is 0. Instants the scheduler
 * compares are epoch milliseconds, compared arithmetically in SQL, the same way on every dialect.
 */
@Entity({ name: 'schedules' })
@Index('IDX_schedules_enabled_next_run', ['enabled', 'nextRunAtMs'])
@Index('IDX_schedules_owner', ['ownerId'])
@Index('IDX_schedules_target', ['targetType', 'targetId'])
export class ScheduleOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ name: 'target_type', type: 'varchar', length: 16 })
  targetType!: string;

  @Column({ name: 'target_id', type: 'varchar', length: 36 })
  targetId!: string;

  /** Empty for a one-shot. */
  @Column({ type: 'varchar', length: 120 })
  cron!: string;

  /** 0 for a recurring schedule. */
  @Column({ name: 'run_at_ms', type: 'bigint' })
  runAtMs!: string | number;

  @Column({ type: 'varchar', length: 64 })
  timezone!: string;

  /** JSON text of the input. */
  @Column({ type: 'text' })
  input!: string;

  @Column({ type: 'boolean' })
  enabled!: boolean;

  /** 0 once a one-shot has fired. */
  @Column({ name: 'next_run_at_ms', type: 'bigint' })
  nextRunAtMs!: string | number;

  /** 0 before the first run. */
  @Column({ name: 'last_run_at_ms', type: 'bigint' })
  lastRunAtMs!: string | number;

  /** Empty before the first run. */
  @Column({ name: 'last_execution_id', type: 'varchar', length: 36 })
  lastExecutionId!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
