import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { EnvelopeAgentOrmEntity } from './envelope-agent.orm-entity';

/** Row of `envelope_conversations`: deleted with its agent. */
@Entity({ name: 'envelope_conversations' })
export class EnvelopeConversationOrmEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  @Column({ name: 'agent_id', type: 'integer' })
  agentId!: number;

  /** Declared so the schema knows the foreign key; never loaded. */
  @ManyToOne(() => EnvelopeAgentOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'agent_id', foreignKeyConstraintName: 'FK_envelope_conversations_agent' })
  agent?: EnvelopeAgentOrmEntity;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
