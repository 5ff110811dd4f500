import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Row of `run_events`: one event of a run, or several consecutive token events packed into one
 * record (`seq` the first, `last_seq` the last; `payload` then holds their pieces).
 */
@Entity({ name: 'run_events' })
@Index('IDX_run_events_expires', ['expiresMs'])
export class RunEventOrmEntity {
  @PrimaryColumn({ name: 'run_id', type: 'varchar', length: 36 })
  runId!: string;

  @PrimaryColumn({ type: 'integer' })
  seq!: number;

  @Column({ name: 'last_seq', type: 'integer' })
  lastSeq!: number;

  @Column({ type: 'varchar', length: 16 })
  type!: string;

  /** The event without `type` and `seq`; a packed record's `{pieces}`. */
  @Column({ type: 'json' })
  payload!: object;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'expires_ms', type: 'bigint' })
  expiresMs!: string | number;
}
