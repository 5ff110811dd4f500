import { KnowledgeBase } from '../../../../core/domain/knowledge/knowledge-base.entity';
import { KnowledgeBaseOrmEntity } from '../entities/knowledge-base.orm-entity';

export function toKnowledgeBaseRow(base: KnowledgeBase): KnowledgeBaseOrmEntity {
  return {
    id: base.id,
    ownerId: base.ownerId,
    name: base.name,
    description: base.description,
    isPublic: base.isPublic,
    embeddingModel: base.embeddingModel,
    chunkSize: base.chunking.size,
    chunkOverlap: base.chunking.overlap,
    createdAt: base.createdAt,
    updatedAt: base.updatedAt,
  };
}

export function toKnowledgeBase(row: KnowledgeBaseOrmEntity): KnowledgeBase {
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    description: row.description,
    // MySQL hands a TINYINT back as a number.
    isPublic: Boolean(row.isPublic),
    embeddingModel: row.embeddingModel,
    chunking: { size: Number(row.chunkSize), overlap: Number(row.chunkOverlap) },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
