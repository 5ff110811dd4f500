import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { KnowledgeDocumentOrmEntity } from './knowledge-document.orm-entity';

/** Row of `knowledge_chunks`: one passage's text, the durable source of its vector. */
@Entity({ name: 'knowledge_chunks' })
@Index('IDX_knowledge_chunks_base', ['knowledgeBaseId'])
export class KnowledgeChunkOrmEntity {
  @PrimaryColumn({ name: 'document_id', type: 'varchar', length: 36 })
  documentId!: string;

  @PrimaryColumn({ name: 'chunk_index', type: 'integer' })
  chunkIndex!: number;

  @ManyToOne(() => KnowledgeDocumentOrmEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_id', foreignKeyConstraintName: 'FK_knowledge_chunks_document' })
  document?: KnowledgeDocumentOrmEntity;

  @Column({ name: 'knowledge_base_id', type: 'varchar', length: 36 })
  knowledgeBaseId!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ name: 'start_offset', type: 'integer', default: 0 })
  startOffset!: number;

  @Column({ name: 'end_offset', type: 'integer', default: 0 })
  endOffset!: number;
}
