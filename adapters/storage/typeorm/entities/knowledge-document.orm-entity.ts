import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { KnowledgeBaseOrmEntity } from './knowledge-base.orm-entity';

/** Row of `knowledge_documents`; the schema itself is owned by the migrations. */
@Entity({ name: 'knowledge_documents' })
@Index('IDX_knowledge_documents_base_created', ['knowledgeBaseId', 'createdAt'])
export class KnowledgeDocumentOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'knowledge_base_id', type: 'varchar', length: 36 })
  knowledgeBaseId!: string;

  @ManyToOne(() => KnowledgeBaseOrmEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'knowledge_base_id', foreignKeyConstraintName: 'FK_knowledge_documents_base' })
  knowledgeBase?: KnowledgeBaseOrmEntity;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ type: 'varchar', length: 255 })
  title!: string;

  @Column({ name: 'content_type', type: 'varchar', length: 100 })
  contentType!: string;

  @Column({ name: 'char_count', type: 'integer' })
  charCount!: number;

  @Column({ name: 'chunk_count', type: 'integer' })
  chunkCount!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ name: 'source_kind', type: 'varchar', length: 16, default: 'text' })
  sourceKind!: string;

  /** The URL or file name the text came from; '' for text sent as JSON. */
  @Column({ name: 'source_ref', type: 'varchar', length: 2048, default: '' })
  sourceRef!: string;

  @Column({ name: 'failure_reason', type: 'varchar', length: 1000, default: '' })
  failureReason!: string;

  /** JSON object text: portable across SQLite and MySQL, unlike a native JSON type. */
  @Column({ type: 'text' })
  metadata!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
