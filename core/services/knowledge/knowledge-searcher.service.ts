import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { visibilityFor } from '../../domain/knowledge/knowledge-base-visibility';
import { chunkVectorId } from '../../domain/knowledge/knowledge-chunk';
import { KnowledgeDocument } from '../../domain/knowledge/knowledge-document.entity';
import { KnowledgeSearchHit, KnowledgeSearchRequest, SEARCH_MODES, SearchMode } from '../../domain/knowledge/knowledge-search';
import { metadataIssues } from '../../domain/knowledge/knowledge.rules';
import { EMBEDDING_PROVIDER, EmbeddingProvider } from '../../ports/embedding-provider.port';
import { KNOWLEDGE_BASE_REPOSITORY, KnowledgeBaseRepository } from '../../ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../ports/knowledge-document-repository.port';
import { KNOWLEDGE_KEYWORD_INDEX, KnowledgeKeywordIndex } from '../../ports/knowledge-keyword-index.port';
import { VECTOR_STORE, VectorHit, VectorMetadataValue, VectorStore } from '../../ports/vector-store.port';
import { ValidationError } from '../../shared/common.errors';
import { FieldIssue } from '../../shared/domain-error';
import { EmbeddingSpace } from './embedding-space.service';
import { KnowledgeBaseAccess } from './knowledge-base-access';
import { KNOWLEDGE_SETTINGS, KnowledgeSettings } from './knowledge-settings';
import { KNOWLEDGE_VECTOR_KEYS } from './knowledge-vectors';
import { fusedScore, mergedCandidates, SearchCandidate } from './search-candidates';
import { contentTerms, termCoverage } from './term-coverage';

const MAX_QUERY_CHARS = 10_000;
// Extra candidates per list, so that passages dropped below (documents not ready, below the threshold) leave topK.
const OVERFETCH = 10;

interface Scope {
  /** The vector collections the bases' vectors are in. */
  collections: string[];
  /** Undefined: every base (an admin's whole platform). */
  bases: string[] | undefined;
  /** Undefined: any document of those bases. */
  documents: string[] | undefined;
}

/**
 * Search over the bases an actor may read, by meaning (the vector store), by exact terms (the
 * storage engine's full-text index) or both fused by reciprocal rank (the default). Both
 * searches are filtered by the allowed bases (and the documents a metadata filter selects)
 * before ranking, so a filter never costs recall; every passage is then joined with its
 * document, so only `ready` documents of those bases are ever served.
 */
@injectable()
export class KnowledgeSearcher {
  constructor(
    @inject(KNOWLEDGE_BASE_REPOSITORY) private readonly bases: KnowledgeBaseRepository,
    @inject(KNOWLEDGE_DOCUMENT_REPOSITORY) private readonly documents: KnowledgeDocumentRepository,
    @inject(KnowledgeBaseAccess) private readonly access: KnowledgeBaseAccess,
    @inject(EmbeddingSpace) private readonly space: EmbeddingSpace,
    @inject(EMBEDDING_PROVIDER) private readonly embeddings: EmbeddingProvider,
    @inject(VECTOR_STORE) private readonly vectors: VectorStore,
    @inject(KNOWLEDGE_KEYWORD_INDEX) private readonly keywords: KnowledgeKeywordIndex,
    @inject(KNOWLEDGE_SETTINGS) private readonly settings: KnowledgeSettings,
  ) {}

  async search(actor: Actor, request: KnowledgeSearchRequest): Promise<KnowledgeSearchHit[]> {
    const { topK, mode } = this.check(request);
    const scope = await this.scopeOf(actor, request);
    if (scope.bases?.length === 0 || scope.documents?.length === 0) return [];
    const wanted = Math.min(topK + OVERFETCH, 2 * this.settings.maxTopK);
    const [vectorHits, keywordHits] = await Promise.all([
      mode === 'keyword' ? [] : this.vectorSearch(request.query, wanted, scope),
      mode === 'vector' ? [] : this.keywords.search({ query: request.query, k: wanted, knowledgeBaseIds: scope.bases, documentIds: scope.documents }),
    ]);
    const terms = contentTerms(request.query);
    const scored = mergedCandidates(vectorHits, keywordHits)
      .map((candidate) => ({ candidate, ...scoresOf(candidate, mode, terms) }))
      .filter(({ relevance }) => request.minScore === undefined || relevance >= request.minScore);
    const documents = await this.readyDocuments(
      scored.map(({ candidate }) => candidate.documentId),
      scope.bases,
    );
    const best = scored
      .filter(({ candidate }) => documents.has(candidate.documentId))
      .sort((a, b) => b.score - a.score || b.relevance - a.relevance)
      .slice(0, topK);
    const spans = await this.spansOf(best.map(({ candidate }) => candidate));
    return best.map(({ candidate, score, relevance }) => {
      const document = documents.get(candidate.documentId) as KnowledgeDocument;
      const chunkId = chunkVectorId(candidate.documentId, candidate.chunkIndex);
      const span = spans.get(chunkId) ?? { start: 0, end: 0 };
      return {
        chunkId,
        documentId: document.id,
        knowledgeBaseId: document.knowledgeBaseId,
        title: document.title,
        chunkIndex: candidate.chunkIndex,
        content: candidate.content,
        start: span.start,
        end: span.end,
        score,
        relevance,
        vectorScore: candidate.vectorScore,
        keywordRank: candidate.keywordRank,
      };
    });
  }

  private async vectorSearch(query: string, k: number, scope: Scope): Promise<VectorHit[]> {
    const [vector] = await this.embeddings.embed([query]);
    const filter: Record<string, VectorMetadataValue[]> = {};
    if (scope.bases) filter[KNOWLEDGE_VECTOR_KEYS.knowledgeBase] = scope.bases;
    if (scope.documents) filter[KNOWLEDGE_VECTOR_KEYS.document] = scope.documents;
    const lists = await Promise.all(
      scope.collections.map((collection) => this.vectors.search(collection, { vector, k, filter: Object.keys(filter).length ? filter : undefined })),
    );
    return lists.length === 1
      ? lists[0]
      : lists
          .flat()
          .sort((a, b) => b.score - a.score)
          .slice(0, k);
  }

  /** One base (checked), or every visible one; then the documents a metadata filter selects. */
  private async scopeOf(actor: Actor, request: KnowledgeSearchRequest): Promise<Scope> {
    let bases: string[] | undefined;
    let collections = this.space.searchableCollections();
    if (request.knowledgeBaseId !== undefined) {
      const base = await this.access.readable(actor, request.knowledgeBaseId);
      if ((request.mode ?? 'hybrid') !== 'keyword') this.space.checkSearchable(base);
      bases = [base.id];
      collections = [this.space.collectionOf(base)];
    } else {
      const visibility = visibilityFor(actor);
      bases = visibility.kind === 'all' ? undefined : await this.bases.visibleIds(visibility);
    }
    const filter = request.filter ?? {};
    const documents = Object.keys(filter).length > 0 ? await this.documents.readyIdsWithMetadata(bases, filter) : undefined;
    return { collections, bases, documents };
  }

  private async readyDocuments(ids: string[], allowed: string[] | undefined): Promise<Map<string, KnowledgeDocument>> {
    const unique = [...new Set(ids)];
    const found = unique.length ? await this.documents.findByIds(unique) : [];
    const servable = found.filter((doc) => doc.status === 'ready' && (!allowed || allowed.includes(doc.knowledgeBaseId)));
    return new Map(servable.map((doc) => [doc.id, doc]));
  }

  private async spansOf(candidates: SearchCandidate[]): Promise<Map<string, { start: number; end: number }>> {
    if (candidates.length === 0) return new Map();
    const chunks = await this.documents.chunksAt(candidates.map((c) => ({ documentId: c.documentId, index: c.chunkIndex })));
    return new Map(chunks.map((chunk) => [chunkVectorId(chunk.documentId, chunk.index), { start: chunk.start, end: chunk.end }]));
  }

  private check(request: KnowledgeSearchRequest): { topK: number; mode: SearchMode } {
    const issues: FieldIssue[] = [];
    const topK = request.topK ?? this.settings.defaultTopK;
    const mode = request.mode ?? 'hybrid';
    if (request.query.trim() === '') issues.push({ field: 'query', message: 'must not be empty' });
    if (request.query.length > MAX_QUERY_CHARS) issues.push({ field: 'query', message: `must be at most ${MAX_QUERY_CHARS} characters` });
    if (!Number.isInteger(topK) || topK < 1 || topK > this.settings.maxTopK) {
      issues.push({ field: 'top_k', message: `must be an integer from 1 to ${this.settings.maxTopK}` });
    }
    if (request.minScore !== undefined && !(request.minScore >= -1 && request.minScore <= 1)) {
      issues.push({ field: 'min_score', message: 'must be between -1 and 1' });
    }
    if (!(SEARCH_MODES as readonly string[]).includes(mode)) issues.push({ field: 'mode', message: `must be one of ${SEARCH_MODES.join(', ')}` });
    issues.push(...metadataIssues(request.filter ?? {}).map((issue) => ({ ...issue, field: issue.field.replace(/^metadata/, 'filter') })));
    if (issues.length > 0) throw new ValidationError('Invalid search', issues);
    return { topK, mode };
  }
}

function scoresOf(candidate: SearchCandidate, mode: SearchMode, terms: Set<string>): { score: number; relevance: number } {
  const coverage = termCoverage(terms, candidate.content);
  const cosine = candidate.vectorScore ?? 0;
  if (mode === 'vector') return { score: cosine, relevance: cosine };
  if (mode === 'keyword') return { score: coverage, relevance: coverage };
  return { score: fusedScore(candidate, 2), relevance: Math.max(cosine, coverage) };
}
