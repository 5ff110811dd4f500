import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Row of `goals`; the schema itself is owned by the migrations. */
@Entity({ name: 'goals' })
@Index('IDX_goals_owner_created', ['ownerId', 'createdAt'])
@Index('IDX_goals_agent', ['agentId'])
export class GoalOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  /** Empty when no agent is bound: no column is nullable (MariaDB reports nullable defaults in a way TypeORM misreads). */
  @Column({ name: 'agent_id', type: 'varchar', length: 36 })
  agentId!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
