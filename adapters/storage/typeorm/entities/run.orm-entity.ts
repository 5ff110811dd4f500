import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Row of `runs`: one run, its owner, status and lease. */
@Entity({ name: 'runs' })
export class RunOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 32 })
  kind!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  /** '' when no worker holds the run (no column is nullable: MariaDB reports nullable defaults in a way TypeORM misreads). */
  @Column({ name: 'lease_owner', type: 'varchar', length: 100 })
  leaseOwner!: string;

  /** Epoch milliseconds, compared arithmetically in SQL the same way on every dialect; 0 without a lease. */
  @Column({ name: 'lease_expires_ms', type: 'bigint' })
  leaseExpiresMs!: string | number;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;

  @Index('IDX_runs_expires')
  @Column({ name: 'expires_ms', type: 'bigint' })
  expiresMs!: string | number;
}
