import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Row of `chat_messages`: one message of a session, at its `position`. */
@Entity({ name: 'chat_messages' })
@Index('UQ_chat_messages_session_position', ['sessionId', 'position'], { unique: true })
export class ChatMessageOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'session_id', type: 'varchar', length: 36 })
  sessionId!: string;

  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'varchar', length: 16 })
  role!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  /** JSON text of the turn's tool calls. */
  @Column({ name: 'tool_calls', type: 'text' })
  toolCalls!: string;

  @Column({ name: 'run_id', type: 'varchar', length: 36, nullable: true })
  runId!: string | null;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
