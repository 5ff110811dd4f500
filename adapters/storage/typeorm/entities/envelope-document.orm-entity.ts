import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { EnvelopeAgentOrmEntity } from './envelope-agent.orm-entity';
import { KnowledgeDocumentOrmEntity } from './knowledge-document.orm-entity';

/** Row of `envelope_documents`: the integer id the envelope contract shows for a knowledge document. */
@Entity({ name: 'envelope_documents' })
@Unique('UQ_envelope_documents_knowledge_document', ['knowledgeDocumentId'])
export class EnvelopeDocumentOrmEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'agent_id', type: 'integer' })
  agentId!: number;

  @ManyToOne(() => EnvelopeAgentOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'agent_id', foreignKeyConstraintName: 'FK_envelope_documents_agent' })
  agent?: EnvelopeAgentOrmEntity;

  @Column({ name: 'knowledge_document_id', type: 'varchar', length: 36 })
  knowledgeDocumentId!: string;

  @ManyToOne(() => KnowledgeDocumentOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'knowledge_document_id', foreignKeyConstraintName: 'FK_envelope_documents_document' })
  document?: KnowledgeDocumentOrmEntity;

  @Column({ type: 'varchar', length: 255 })
  filename!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
