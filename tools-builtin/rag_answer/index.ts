/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { knowledge, KnowledgeHit } from 'kernel:api';

interface Input {
  question: string;
  knowledge_base_id?: string;
  top_k?: number;
}

interface Source {
  number: number;
  document_id: string;
  knowledge_base_id: string;
  filename: string;
  chunk_index: number;
  score: number;
  content: string;
}

interface Output {
  answer: string;
  status: 'answered' | 'no_sources' | 'model_unavailable';
  sources: Source[];
  citations: number[];
  model: string | null;
}

// The model being down is an answer too: the passages found are still worth returning.
const MODEL_DOWN = new Set(['upstream_error', 'timeout', 'quota_exceeded', 'unavailable']);

export default async function ragAnswer(input: Input): Promise<Output> {
  const scope = { knowledgeBaseId: input.knowledge_base_id, topK: input.top_k ?? 5 };
  try {
    const rag = await knowledge.answer({ question: input.question, ...scope });
    const status = rag.grounded ? 'answered' : 'no_sources';
    return { answer: rag.answer, status, sources: rag.sources.map(sourceOf), citations: rag.citations, model: rag.model };
  } catch (error) {
    const code = (error as { code?: string } | null)?.code ?? '';
    if (!MODEL_DOWN.has(code)) throw error;
    const { items } = await knowledge.search({ query: input.question, ...scope });
    const answer = `The language model is unavailable (${code}); the most relevant passages are listed in sources.`;
    return { answer, status: 'model_unavailable', sources: items.map((hit, i) => sourceOf({ ...hit, number: i + 1 })), citations: [], model: null };
  }
}

function sourceOf(hit: KnowledgeHit & { number: number }): Source {
  return {
    number: hit.number,
    document_id: hit.documentId,
    knowledge_base_id: hit.knowledgeBaseId,
    filename: hit.filename,
    chunk_index: hit.chunkIndex,
    score: Math.round(hit.score * 10_000) / 10_000,
    content: hit.content,
  };
}
