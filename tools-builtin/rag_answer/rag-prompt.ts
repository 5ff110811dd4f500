/**
 * The grounded prompt, kept identical to core/services/knowledge/rag-prompt.ts (the platform's
 * /rag endpoint) by test/unit/tools-builtin/rag-answer-prompt.test.ts: a tool bundles only its
 * own folder, so it cannot import the core's copy.
 */
export interface PromptSource {
  index: number;
  title: string;
  chunkIndex: number;
  content: string;
}

export interface PromptMessage {
  role: 'system' | 'user';
  content: string;
}

const INSTRUCTIONS = [
  "Answer the user's question using only the numbered sources below.",
  'Cite the sources you use with their numbers in square brackets, e.g. [1] or [2][3].',
  'If the sources do not contain the answer, say that you do not know; never invent facts.',
  'Answer in the language of the question.',
].join('\n');

export function ragMessages(question: string, sources: PromptSource[], sourceChars: number): PromptMessage[] {
  const quoted = sources.map((source) => `[${source.index}] ${oneLine(source.title)} (part ${source.chunkIndex + 1})\n${clip(source.content, sourceChars)}`);
  return [
    { role: 'system', content: `${INSTRUCTIONS}\n\nSources:\n\n${quoted.join('\n\n')}` },
    { role: 'user', content: question },
  ];
}

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

export function noSourcesAnswer(question: string): string {
  return HAN.test(question)
    ? '知识库中没有找到与该问题相关的内容。'
    : 'No relevant information was found in the knowledge bases for this question.';
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
