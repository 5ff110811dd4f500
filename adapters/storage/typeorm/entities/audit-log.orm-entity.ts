import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Row of `audit_logs`; the schema itself is owned by the migrations. */
@Entity({ name: 'audit_logs' })
@Index('IDX_audit_logs_created_at', ['createdAt'])
@Index('IDX_audit_logs_actor_created', ['actorId', 'createdAt'])
export class AuditLogOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** Empty for anonymous attempts: MariaDB reports nullable defaults in a way TypeORM misreads. */
  @Column({ name: 'actor_id', type: 'varchar', length: 36 })
  actorId!: string;

  @Column({ type: 'varchar', length: 64 })
  action!: string;

  @Column({ name: 'resource_type', type: 'varchar', length: 64 })
  resourceType!: string;

  /** Empty when the operation has no single resource. */
  @Column({ name: 'resource_id', type: 'varchar', length: 128 })
  resourceId!: string;

  @Column({ type: 'varchar', length: 16 })
  outcome!: string;

  @Column({ type: 'text' })
  detail!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
