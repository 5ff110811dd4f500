import { ChatMessage } from '../../domain/llm/chat-message';
import { RagSource } from '../../domain/knowledge/rag-answer';

/** The chat request's `task`, by which the offline model answers (adapters/llm/offline/responders). */
export const RAG_TASK = 'rag-answer';

const INSTRUCTIONS = [
  "Answer the user's question using only the numbered sources below.",
  'Cite the sources you use with their numbers in square brackets, e.g. [1] or [2][3].',
  'If the sources do not contain the answer, say that you do not know; never invent facts.',
  'Answer in the language of the question.',
].join('\n');

/**
 * One system message holding the instructions and the sources, then the question as the
 * user message. Each source is `[n] <title> (part <k>)` followed by its text.
 */
export function ragMessages(question: string, sources: RagSource[], sourceChars: number): ChatMessage[] {
  const quoted = sources.map((source) => `[${source.index}] ${oneLine(source.title)} (part ${source.chunkIndex + 1})\n${clip(source.content, sourceChars)}`);
  return [
    { role: 'system', content: `${INSTRUCTIONS}\n\nSources:\n\n${quoted.join('\n\n')}` },
    { role: 'user', content: question },
  ];
}

/** Source numbers cited as `[n]` (also `[1, 2]` and `[1][2]`), known ones only, in order of first use. */
export function citationsIn(answer: string, sourceCount: number): number[] {
  const cited: number[] = [];
  for (const group of answer.matchAll(/\[(\d+(?:\s*[,，]\s*\d+)*)\]/g)) {
    for (const part of group[1].split(/[,，]/)) {
      const n = Number(part.trim());
      if (n >= 1 && n <= sourceCount && !cited.includes(n)) cited.push(n);
    }
  }
  return cited;
}

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff]/;

/** What RAG answers, without asking a model, when no passage was found. */
export function noSourcesAnswer(question: string): string {
  return HAN.test(question) ? '知识库中没有找到与该问题相关的内容。' : 'No relevant information was found in the knowledge bases for this question.';
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
