import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { KnowledgeDocumentOrmEntity } from './knowledge-document.orm-entity';

/** Row of `knowledge_document_sources`: one part of an uploaded file waiting for its ingestion job. */
@Entity({ name: 'knowledge_document_sources' })
export class KnowledgeDocumentSourceOrmEntity {
  @PrimaryColumn({ name: 'document_id', type: 'varchar', length: 36 })
  documentId!: string;

  @PrimaryColumn({ type: 'integer' })
  part!: number;

  @ManyToOne(() => KnowledgeDocumentOrmEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_id', foreignKeyConstraintName: 'FK_knowledge_document_sources_document' })
  document?: KnowledgeDocumentOrmEntity;

  @Column({ type: 'blob' })
  bytes!: Buffer;
}
