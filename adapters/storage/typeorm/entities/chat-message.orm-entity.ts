import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ChatSessionOrmEntity } from './chat-session.orm-entity';

/** Row of `chat_messages`: one message of a session, at its `position`. */
@Entity({ name: 'chat_messages' })
@Index('UQ_chat_messages_session_position', ['sessionId', 'position'], { unique: true })
export class ChatMessageOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'session_id', type: 'varchar', length: 36 })
  sessionId!: string;

  /** Declared so the schema knows the foreign key (deleting a session deletes its messages); never loaded. */
  @ManyToOne(() => ChatSessionOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'session_id', foreignKeyConstraintName: 'FK_chat_messages_session' })
  session?: ChatSessionOrmEntity;

  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'varchar', length: 16 })
  role!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  /** `{content, toolCalls}`. */
  @Column({ type: 'json' })
  body!: object;

  /** '' when the message belongs to no run. */
  @Column({ name: 'run_id', type: 'varchar', length: 36 })
  runId!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
