import { KnowledgeKeywordHit } from '../../ports/knowledge-keyword-index.port';
import { VectorHit } from '../../ports/vector-store.port';
import { KNOWLEDGE_VECTOR_KEYS } from './knowledge-vectors';

/** Reciprocal rank fusion's constant: ranks past the first few weigh little, and no list dominates. */
export const RRF_K = 60;

/** A passage found by vector search, keyword search, or both. */
export interface SearchCandidate {
  documentId: string;
  chunkIndex: number;
  content: string;
  vectorScore: number | null;
  vectorRank: number | null;
  keywordRank: number | null;
}

/** Both result lists merged by passage, each keeping its rank (1-based) in the list that found it. */
export function mergedCandidates(vectorHits: VectorHit[], keywordHits: KnowledgeKeywordHit[]): SearchCandidate[] {
  const byKey = new Map<string, SearchCandidate>();
  vectorHits.forEach((hit, i) => {
    const documentId = String(hit.metadata[KNOWLEDGE_VECTOR_KEYS.document]);
    const chunkIndex = Number(hit.metadata[KNOWLEDGE_VECTOR_KEYS.chunkIndex]);
    byKey.set(`${documentId}:${chunkIndex}`, { documentId, chunkIndex, content: hit.content, vectorScore: hit.score, vectorRank: i + 1, keywordRank: null });
  });
  keywordHits.forEach((hit, i) => {
    const key = `${hit.documentId}:${hit.chunkIndex}`;
    const found = byKey.get(key);
    if (found) found.keywordRank = i + 1;
    else
      byKey.set(key, { documentId: hit.documentId, chunkIndex: hit.chunkIndex, content: hit.content, vectorScore: null, vectorRank: null, keywordRank: i + 1 });
  });
  return [...byKey.values()];
}

/** Σ 1/(RRF_K + rank) over the lists that found the passage, scaled so a first place in every list is 1. */
export function fusedScore(candidate: SearchCandidate, lists: number): number {
  const part = (rank: number | null) => (rank === null ? 0 : 1 / (RRF_K + rank));
  return (part(candidate.vectorRank) + part(candidate.keywordRank)) / (lists / (RRF_K + 1));
}
