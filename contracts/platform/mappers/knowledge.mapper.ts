import { DocumentSubmission } from '../../../core/domain/knowledge/document-submission';
import { KnowledgeBaseSummary } from '../../../core/domain/knowledge/knowledge-base.entity';
import { KnowledgeDocument } from '../../../core/domain/knowledge/knowledge-document.entity';
import { KnowledgeSearchHit } from '../../../core/domain/knowledge/knowledge-search';
import { RagAnswer, RagSource } from '../../../core/domain/knowledge/rag-answer';
import { ValidationError } from '../../../core/shared/common.errors';
import { Page } from '../../../core/shared/pagination';
import {
  KnowledgeBaseCreateRequest,
  KnowledgeBasePageResponse,
  KnowledgeBaseResponse,
  KnowledgeCitation,
  KnowledgeDocumentPageResponse,
  KnowledgeDocumentRequest,
  KnowledgeDocumentResponse,
  KnowledgeRagResponse,
  KnowledgeSearchItem,
} from '../dto/knowledge.dto';
import { UploadedKnowledgeFile } from '../uploads/knowledge-document-upload';

export function toKnowledgeBaseSpec(body: KnowledgeBaseCreateRequest) {
  return {
    name: body.name,
    description: body.description,
    isPublic: body.is_public,
    chunkSize: body.chunk_size,
    chunkOverlap: body.chunk_overlap,
    embeddingModel: body.embedding_model,
  };
}

export function toKnowledgeBaseResponse(base: KnowledgeBaseSummary): KnowledgeBaseResponse {
  return {
    id: base.id,
    owner_id: base.ownerId,
    name: base.name,
    description: base.description,
    is_public: base.isPublic,
    embedding_model: base.embeddingModel,
    chunk_size: base.chunking.size,
    chunk_overlap: base.chunking.overlap,
    document_count: base.documentCount,
    created_at: base.createdAt.toISOString(),
    updated_at: base.updatedAt.toISOString(),
  };
}

export function toKnowledgeBasePageResponse(page: Page<KnowledgeBaseSummary>): KnowledgeBasePageResponse {
  return { items: page.items.map(toKnowledgeBaseResponse), total: page.total, page: page.page, page_size: page.pageSize };
}

/** A multipart upload, else JSON text or a URL: exactly one source. */
export function toDocumentSubmission(body: KnowledgeDocumentRequest, file: UploadedKnowledgeFile | undefined): DocumentSubmission {
  const given = [file, body.content, body.url].filter((source) => source !== undefined).length;
  if (given !== 1) {
    throw new ValidationError('Give exactly one source', [{ field: 'content', message: 'send one of `content`, `url` or a multipart `file`' }]);
  }
  const common = { title: body.title, metadata: body.metadata };
  if (file) return { kind: 'file', bytes: file.bytes, filename: file.filename, declaredType: file.declaredType, ...common };
  if (body.url !== undefined) return { kind: 'url', url: body.url, ...common };
  return { kind: 'text', content: body.content ?? '', contentType: body.content_type, ...common, title: body.title ?? '' };
}

export function toKnowledgeDocumentResponse(document: KnowledgeDocument): KnowledgeDocumentResponse {
  return {
    id: document.id,
    knowledge_base_id: document.knowledgeBaseId,
    owner_id: document.ownerId,
    title: document.title,
    source: document.sourceKind,
    source_ref: document.sourceRef,
    content_type: document.contentType,
    status: document.status,
    error: document.status === 'failed' ? document.failureReason : null,
    char_count: document.charCount,
    chunk_count: document.chunkCount,
    metadata: { ...document.metadata },
    created_at: document.createdAt.toISOString(),
    updated_at: document.updatedAt.toISOString(),
  };
}

export function toKnowledgeDocumentPageResponse(page: Page<KnowledgeDocument>): KnowledgeDocumentPageResponse {
  return { items: page.items.map(toKnowledgeDocumentResponse), total: page.total, page: page.page, page_size: page.pageSize };
}

export function toKnowledgeSearchItem(hit: KnowledgeSearchHit): KnowledgeSearchItem {
  return {
    chunk_id: hit.chunkId,
    document_id: hit.documentId,
    document_name: hit.title,
    chunk_index: hit.chunkIndex,
    content: hit.content,
    start_offset: hit.start,
    end_offset: hit.end,
    score: hit.score,
    relevance: hit.relevance,
    vector_score: hit.vectorScore,
    keyword_rank: hit.keywordRank,
  };
}

export function toKnowledgeRagResponse(answer: RagAnswer): KnowledgeRagResponse {
  const citation = (source: RagSource): KnowledgeCitation => ({ number: source.index, ...toKnowledgeSearchItem(source) });
  return {
    answer: answer.answer,
    grounded: answer.grounded,
    citations: answer.citations.flatMap((n) => {
      const source = answer.sources.find((s) => s.index === n);
      return source ? [citation(source)] : [];
    }),
    sources: answer.sources.map(citation),
    model: answer.model,
    token_usage: {
      prompt_tokens: answer.usage.promptTokens,
      completion_tokens: answer.usage.completionTokens,
      total_tokens: answer.usage.totalTokens,
    },
  };
}
