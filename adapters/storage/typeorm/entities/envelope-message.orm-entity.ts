import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { EnvelopeConversationOrmEntity } from './envelope-conversation.orm-entity';

/** Row of `envelope_messages`: ids ascend in the order messages were written. */
@Entity({ name: 'envelope_messages' })
@Index('IDX_envelope_messages_conversation', ['conversationId', 'id'])
export class EnvelopeMessageOrmEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'conversation_id', type: 'integer' })
  conversationId!: number;

  /** Declared so the schema knows the foreign key; never loaded. */
  @ManyToOne(() => EnvelopeConversationOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'conversation_id', foreignKeyConstraintName: 'FK_envelope_messages_conversation' })
  conversation?: EnvelopeConversationOrmEntity;

  @Column({ type: 'varchar', length: 16 })
  role!: string;

  /** `{content}`. */
  @Column({ type: 'json' })
  body!: { content: string };

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
