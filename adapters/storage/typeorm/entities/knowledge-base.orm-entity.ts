import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Row of `knowledge_bases`; the schema itself is owned by the migrations. */
@Entity({ name: 'knowledge_bases' })
@Index('IDX_knowledge_bases_owner_created', ['ownerId', 'createdAt'])
@Index('IDX_knowledge_bases_public_created', ['isPublic', 'createdAt'])
export class KnowledgeBaseOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** A platform user's id, or `envelope-user-<id>` for an envelope agent's base: no foreign key. */
  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ name: 'is_public', type: 'boolean' })
  isPublic!: boolean;

  /** The embedding model its vectors were made with; '' until its first document. */
  @Column({ name: 'embedding_model', type: 'varchar', length: 200, default: '' })
  embeddingModel!: string;

  @Column({ name: 'chunk_size', type: 'integer', default: 800 })
  chunkSize!: number;

  @Column({ name: 'chunk_overlap', type: 'integer', default: 100 })
  chunkOverlap!: number;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
