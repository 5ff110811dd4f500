import { Client, errors, estypes } from '@elastic/elasticsearch';
import { searchTerms } from '../../../core/domain/knowledge/search-terms';
import { KnowledgeKeywordHit, KnowledgeKeywordIndex, KnowledgeKeywordQuery } from '../../../core/ports/knowledge-keyword-index.port';
import { KNOWLEDGE_COLLECTION, KNOWLEDGE_VECTOR_KEYS } from '../../../core/services/knowledge/knowledge-vectors';
import { VectorDocument } from './index-mapping';
import { indexName } from './index-name';
import { metadataClauses } from './metadata-query';

/** Elasticsearch's default ceiling on `from + size`. */
const MAX_RESULT_WINDOW = 10_000;

/**
 * KnowledgeKeywordIndex on the knowledge chunks already in Elasticsearch (the `knowledge` vector
 * collection): a `match` on their `content` (standard analyzer: Unicode words, CJK ideographs one
 * by one) scored by BM25, filtered on the chunk metadata. The query is sent as its `searchTerms`,
 * so a query of punctuation only finds nothing here as on SQL, and a `match` never interprets
 * query syntax. Chunks come and go with their vectors.
 */
export class ElasticsearchKnowledgeKeywordIndex implements KnowledgeKeywordIndex {
  constructor(
    private readonly client: Client,
    private readonly indexPrefix: string,
  ) {}

  async search(query: KnowledgeKeywordQuery): Promise<KnowledgeKeywordHit[]> {
    const terms = [...new Set(searchTerms(query.query))];
    const k = Math.min(Math.floor(query.k), MAX_RESULT_WINDOW);
    if (terms.length === 0 || !(k >= 1) || query.knowledgeBaseIds?.length === 0 || query.documentIds?.length === 0) return [];
    const filter = metadataClauses({
      ...(query.knowledgeBaseIds ? { [KNOWLEDGE_VECTOR_KEYS.knowledgeBase]: query.knowledgeBaseIds } : {}),
      ...(query.documentIds ? { [KNOWLEDGE_VECTOR_KEYS.document]: query.documentIds } : {}),
    });
    try {
      const response = await this.client.search<VectorDocument>({
        // Every knowledge collection (one per embedding model): bases are told apart by the filter.
        index: `${indexName(this.indexPrefix, KNOWLEDGE_COLLECTION)}*`,
        ignore_unavailable: true,
        allow_no_indices: true,
        size: k,
        _source: ['metadata', 'content'],
        query: { bool: { must: [{ match: { content: { query: terms.join(' '), operator: 'or' } } }], filter } },
      });
      return response.hits.hits.flatMap(toHit);
    } catch (error) {
      // No chunk was ever indexed.
      if (error instanceof errors.ResponseError && error.statusCode === 404) return [];
      throw error;
    }
  }
}

function toHit(hit: estypes.SearchHit<VectorDocument>): KnowledgeKeywordHit[] {
  const metadata = hit._source?.metadata ?? {};
  const documentId = metadata[KNOWLEDGE_VECTOR_KEYS.document];
  const knowledgeBaseId = metadata[KNOWLEDGE_VECTOR_KEYS.knowledgeBase];
  if (typeof documentId !== 'string' || typeof knowledgeBaseId !== 'string') return [];
  return [
    {
      documentId,
      knowledgeBaseId,
      chunkIndex: Number(metadata[KNOWLEDGE_VECTOR_KEYS.chunkIndex]),
      content: hit._source?.content ?? '',
      score: hit._score ?? 0,
    },
  ];
}
