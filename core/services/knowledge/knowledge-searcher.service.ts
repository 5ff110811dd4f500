import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { visibilityFor } from '../../domain/knowledge/knowledge-base-visibility';
import { KnowledgeDocument } from '../../domain/knowledge/knowledge-document.entity';
import { KnowledgeSearchHit, KnowledgeSearchRequest } from '../../domain/knowledge/knowledge-search';
import { EMBEDDING_PROVIDER, EmbeddingProvider } from '../../ports/embedding-provider.port';
import { KNOWLEDGE_BASE_REPOSITORY, KnowledgeBaseRepository } from '../../ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../ports/knowledge-document-repository.port';
import { VECTOR_STORE, VectorHit, VectorStore } from '../../ports/vector-store.port';
import { ValidationError } from '../../shared/common.errors';
import { FieldIssue } from '../../shared/domain-error';
import { KnowledgeBaseAccess } from './knowledge-base-access';
import { KNOWLEDGE_SETTINGS, KnowledgeSettings } from './knowledge-settings';
import { KNOWLEDGE_COLLECTION, KNOWLEDGE_VECTOR_KEYS } from './knowledge-vectors';

const MAX_QUERY_CHARS = 10_000;
// Extra neighbours fetched so that hits dropped below (documents still indexing) leave topK.
const OVERFETCH = 10;

/**
 * Semantic search over the bases an actor may read: the vector search itself is filtered
 * by the allowed base ids, and every hit is joined with its document, so only `ready`
 * documents of those bases are ever served (never an orphan or half-indexed vector).
 */
@injectable()
export class KnowledgeSearcher {
  constructor(
    @inject(KNOWLEDGE_BASE_REPOSITORY) private readonly bases: KnowledgeBaseRepository,
    @inject(KNOWLEDGE_DOCUMENT_REPOSITORY) private readonly documents: KnowledgeDocumentRepository,
    @inject(KnowledgeBaseAccess) private readonly access: KnowledgeBaseAccess,
    @inject(EMBEDDING_PROVIDER) private readonly embeddings: EmbeddingProvider,
    @inject(VECTOR_STORE) private readonly vectors: VectorStore,
    @inject(KNOWLEDGE_SETTINGS) private readonly settings: KnowledgeSettings,
  ) {}

  async search(actor: Actor, request: KnowledgeSearchRequest): Promise<KnowledgeSearchHit[]> {
    const topK = this.check(request);
    const allowed = await this.allowedBases(actor, request.knowledgeBaseId);
    if (allowed?.length === 0) return [];
    const [vector] = await this.embeddings.embed([request.query]);
    const hits = await this.vectors.search(KNOWLEDGE_COLLECTION, {
      vector,
      k: topK + OVERFETCH,
      filter: allowed ? { [KNOWLEDGE_VECTOR_KEYS.knowledgeBase]: allowed } : undefined,
    });
    const documents = await this.readyDocuments(hits, allowed);
    const minScore = request.minScore ?? -1;
    return hits
      .flatMap((hit) => {
        const document = documents.get(documentIdOf(hit));
        return document && hit.score >= minScore ? [toSearchHit(hit, document)] : [];
      })
      .slice(0, topK);
  }

  /** One base (checked), or every visible one; undefined means no filter (an admin's whole platform). */
  private async allowedBases(actor: Actor, knowledgeBaseId: string | undefined): Promise<string[] | undefined> {
    if (knowledgeBaseId !== undefined) return [(await this.access.readable(actor, knowledgeBaseId)).id];
    const visibility = visibilityFor(actor);
    return visibility.kind === 'all' ? undefined : this.bases.visibleIds(visibility);
  }

  private async readyDocuments(hits: VectorHit[], allowed: string[] | undefined): Promise<Map<string, KnowledgeDocument>> {
    const ids = [...new Set(hits.map(documentIdOf))];
    const found = ids.length ? await this.documents.findByIds(ids) : [];
    const servable = found.filter((doc) => doc.status === 'ready' && (!allowed || allowed.includes(doc.knowledgeBaseId)));
    return new Map(servable.map((doc) => [doc.id, doc]));
  }

  private check(request: KnowledgeSearchRequest): number {
    const issues: FieldIssue[] = [];
    const topK = request.topK ?? this.settings.defaultTopK;
    if (request.query.trim() === '') issues.push({ field: 'query', message: 'must not be empty' });
    if (request.query.length > MAX_QUERY_CHARS) issues.push({ field: 'query', message: `must be at most ${MAX_QUERY_CHARS} characters` });
    if (!Number.isInteger(topK) || topK < 1 || topK > this.settings.maxTopK) {
      issues.push({ field: 'top_k', message: `must be an integer from 1 to ${this.settings.maxTopK}` });
    }
    if (request.minScore !== undefined && !(request.minScore >= -1 && request.minScore <= 1)) {
      issues.push({ field: 'min_score', message: 'must be between -1 and 1' });
    }
    if (issues.length > 0) throw new ValidationError('Invalid search', issues);
    return topK;
  }
}

function documentIdOf(hit: VectorHit): string {
  return String(hit.metadata[KNOWLEDGE_VECTOR_KEYS.document]);
}

function toSearchHit(hit: VectorHit, document: KnowledgeDocument): KnowledgeSearchHit {
  return {
    documentId: document.id,
    knowledgeBaseId: document.knowledgeBaseId,
    title: document.title,
    chunkIndex: Number(hit.metadata[KNOWLEDGE_VECTOR_KEYS.chunkIndex]),
    content: hit.content,
    score: hit.score,
  };
}
