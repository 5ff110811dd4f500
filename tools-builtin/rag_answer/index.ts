/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { knowledge, llm } from 'kernel:api';
import { citationsIn, noSourcesAnswer, ragMessages } from './rag-prompt';

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

const SOURCE_CHARS = 1500;
// The model being down is an answer too: the passages found are still worth returning.
const MODEL_DOWN = new Set(['upstream_error', 'timeout', 'quota_exceeded', 'unavailable']);

export default async function ragAnswer(input: Input): Promise<Output> {
  const { items } = await knowledge.search({ query: input.question, knowledgeBaseId: input.knowledge_base_id, topK: input.top_k ?? 5 });
  const sources: Source[] = items.map((hit, i) => ({
    number: i + 1,
    document_id: hit.documentId,
    knowledge_base_id: hit.knowledgeBaseId,
    filename: hit.filename,
    chunk_index: hit.chunkIndex,
    score: Math.round(hit.score * 10_000) / 10_000,
    content: hit.content,
  }));
  if (sources.length === 0) {
    return { answer: noSourcesAnswer(input.question), status: 'no_sources', sources, citations: [], model: null };
  }
  const prompt = ragMessages(
    input.question,
    items.map((hit, i) => ({ index: i + 1, title: hit.filename, chunkIndex: hit.chunkIndex, content: hit.content })),
    SOURCE_CHARS,
  );
  try {
    const reply = await llm.chat({ messages: prompt, task: 'rag-answer', temperature: 0.2 });
    const answer = reply.content.trim();
    return { answer, status: 'answered', sources, citations: citationsIn(answer, sources.length), model: reply.model };
  } catch (error) {
    const code = (error as { code?: string } | null)?.code ?? '';
    if (!MODEL_DOWN.has(code)) throw error;
    const answer = `The language model is unavailable (${code}); the most relevant passages are listed in sources.`;
    return { answer, status: 'model_unavailable', sources, citations: [], model: null };
  }
}
