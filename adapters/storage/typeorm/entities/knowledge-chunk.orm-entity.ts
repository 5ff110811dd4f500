import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { KnowledgeDocumentOrmEntity } from './knowledge-document.orm-entity';

/**
 * Row of `knowledge_chunks`: one passage's text, the durable source of its vector, and its
 * encoded search terms for the full-text index (see knowledge-keyword/encoded-terms.ts).
 */
@Entity({ name: 'knowledge_chunks' })
@Index('IDX_knowledge_chunks_base', ['knowledgeBaseId'])
// The MySQL FULLTEXT index is the migration's (SQLite has an FTS5 table instead): schema sync leaves it be.
@Index('FT_knowledge_chunks_search_terms', { synchronize: false })
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

  /** Written with the chunk, read only by full-text queries. */
  @Column({ name: 'search_terms', type: 'text', default: '', select: false })
  searchTerms?: string;
}
