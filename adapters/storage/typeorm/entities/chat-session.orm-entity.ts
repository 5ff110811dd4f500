import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Row of `chat_sessions`: a user's conversation with an agent, or with the bare model (`agent_id` null). */
@Entity({ name: 'chat_sessions' })
@Index('IDX_chat_sessions_owner_agent', ['ownerId', 'agentId', 'updatedAt'])
export class ChatSessionOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  /** '' for bare chat (no column is nullable: MariaDB reports nullable defaults in a way TypeORM misreads). */
  @Column({ name: 'agent_id', type: 'varchar', length: 36 })
  agentId!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
