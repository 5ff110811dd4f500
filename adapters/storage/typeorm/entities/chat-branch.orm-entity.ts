import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ChatSessionOrmEntity } from './chat-session.orm-entity';

/** Row of `chat_branches`: the branch's own session (same id) and where it was copied from. */
@Entity({ name: 'chat_branches' })
@Index('IDX_chat_branches_owner_parent', ['ownerId', 'parentSessionId', 'createdAt'])
export class ChatBranchOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** Declared so the schema knows the foreign key (deleting the session deletes the branch); never loaded. */
  @ManyToOne(() => ChatSessionOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'id', foreignKeyConstraintName: 'FK_chat_branches_session' })
  session?: ChatSessionOrmEntity;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ name: 'parent_session_id', type: 'varchar', length: 36 })
  parentSessionId!: string;

  /** '' for a bare chat. */
  @Column({ name: 'agent_id', type: 'varchar', length: 36 })
  agentId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ name: 'message_index', type: 'integer' })
  messageIndex!: number;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
