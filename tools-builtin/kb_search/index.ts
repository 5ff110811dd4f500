/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { knowledge } from 'kernel:api';

interface Input {
  query: string;
  knowledge_base_id?: string;
  top_k?: number;
  min_score?: number;
}

interface Result {
  document_id: string;
  knowledge_base_id: string;
  filename: string;
  chunk_index: number;
  content: string;
  score: number;
}

interface Output {
  query: string;
  results: Result[];
  count: number;
}

export default async function kbSearch(input: Input): Promise<Output> {
  const { items } = await knowledge.search({ query: input.query, knowledgeBaseId: input.knowledge_base_id, topK: input.top_k ?? 5 });
  const results = items
    .filter((hit) => input.min_score === undefined || hit.score >= input.min_score)
    .map((hit) => ({
      document_id: hit.documentId,
      knowledge_base_id: hit.knowledgeBaseId,
      filename: hit.filename,
      chunk_index: hit.chunkIndex,
      content: hit.content,
      score: Math.round(hit.score * 10_000) / 10_000,
    }));
  return { query: input.query, results, count: results.length };
}
