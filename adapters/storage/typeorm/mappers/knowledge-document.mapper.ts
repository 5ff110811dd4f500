import { KnowledgeChunk } from '../../../../core/domain/knowledge/knowledge-chunk';
import { DOCUMENT_SOURCE_KINDS, DocumentMetadata, DocumentSourceKind, KnowledgeDocument } from '../../../../core/domain/knowledge/knowledge-document.entity';
import { KNOWLEDGE_DOCUMENT_STATUSES, KnowledgeDocumentStatus } from '../../../../core/domain/knowledge/knowledge-document-status';
import { KnowledgeChunkOrmEntity } from '../entities/knowledge-chunk.orm-entity';
import { KnowledgeDocumentOrmEntity } from '../entities/knowledge-document.orm-entity';
import { indexedSearchTerms } from '../knowledge-keyword/encoded-terms';

export function toKnowledgeDocumentRow(document: KnowledgeDocument): KnowledgeDocumentOrmEntity {
  return {
    id: document.id,
    knowledgeBaseId: document.knowledgeBaseId,
    ownerId: document.ownerId,
    title: document.title,
    contentType: document.contentType,
    charCount: document.charCount,
    chunkCount: document.chunkCount,
    status: document.status,
    sourceKind: document.sourceKind,
    sourceRef: document.sourceRef,
    failureReason: document.failureReason,
    metadata: JSON.stringify(document.metadata),
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
  };
}

export function toKnowledgeDocument(row: KnowledgeDocumentOrmEntity): KnowledgeDocument {
  return {
    id: row.id,
    knowledgeBaseId: row.knowledgeBaseId,
    ownerId: row.ownerId,
    title: row.title,
    contentType: row.contentType,
    charCount: Number(row.charCount),
    chunkCount: Number(row.chunkCount),
    status: toStatus(row.status),
    sourceKind: toSourceKind(row.sourceKind),
    sourceRef: row.sourceRef,
    failureReason: row.failureReason,
    metadata: JSON.parse(row.metadata) as DocumentMetadata,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toKnowledgeChunkRow(chunk: KnowledgeChunk): KnowledgeChunkOrmEntity {
  return {
    documentId: chunk.documentId,
    chunkIndex: chunk.index,
    knowledgeBaseId: chunk.knowledgeBaseId,
    content: chunk.content,
    startOffset: chunk.start,
    endOffset: chunk.end,
    searchTerms: indexedSearchTerms(chunk.content),
  };
}

export function toKnowledgeChunk(row: KnowledgeChunkOrmEntity): KnowledgeChunk {
  return {
    documentId: row.documentId,
    knowledgeBaseId: row.knowledgeBaseId,
    index: Number(row.chunkIndex),
    content: row.content,
    start: Number(row.startOffset),
    end: Number(row.endOffset),
  };
}

function toSourceKind(value: string): DocumentSourceKind {
  const kind = DOCUMENT_SOURCE_KINDS.find((known) => known === value);
  if (!kind) throw new Error('knowledge_documents.source_kind holds an unknown kind');
  return kind;
}

function toStatus(value: string): KnowledgeDocumentStatus {
  const status = KNOWLEDGE_DOCUMENT_STATUSES.find((known) => known === value);
  if (!status) throw new Error('knowledge_documents.status holds an unknown status');
  return status;
}
