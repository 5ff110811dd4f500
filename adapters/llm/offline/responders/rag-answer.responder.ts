import { RAG_TASK } from '../../../../core/services/knowledge/rag-prompt';
import { OfflineResponder, StructuredPrompt } from './offline-responder';

interface Source {
  number: number;
  text: string;
}

const SOURCE_HEADER = /^\[(\d+)\] .*$/;
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/;
const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+/g;
const STOP_WORDS = new Set(
  'the a an and or of to in on at for with by from is are was were be it this that what which who how why when where does do did can i you we they'.split(' '),
);

/**
 * Task `rag-answer` (core/services/knowledge/rag-prompt.ts). Input: the question; the
 * numbered sources are in the instructions. Output: an extractive answer, the source
 * sentences sharing most words (or CJK character pairs) with the question, each cited
 * `[n]`; "I do not know" when no sentence shares any.
 */
export const ragAnswerResponder: OfflineResponder = {
  task: RAG_TASK,
  respond(prompt: StructuredPrompt): string {
    const chinese = CJK.test(prompt.input);
    const terms = termsOf(prompt.input);
    const ranked = sourcesIn(prompt.instructions)
      .flatMap((source) => sentencesOf(source.text).map((sentence) => ({ sentence, number: source.number, score: overlap(terms, sentence) })))
      .filter((candidate) => candidate.score > 0)
      .sort((a, b) => b.score - a.score || a.number - b.number);
    if (ranked.length === 0) {
      return chinese ? '[离线模型] 资料中没有回答这个问题的内容，我不知道。' : '[offline model] The sources do not answer this question; I do not know.';
    }
    const best = ranked.filter((candidate) => candidate.score >= ranked[0].score / 2).slice(0, 2);
    const cited = best.map((candidate) => `${candidate.sentence} [${candidate.number}]`).join(' ');
    return chinese ? `[离线模型] 根据资料：${cited}` : `[offline model] According to the sources: ${cited}`;
  },
};

function sourcesIn(instructions: string): Source[] {
  const sources: Source[] = [];
  for (const line of instructions.split('\n')) {
    const header = SOURCE_HEADER.exec(line);
    if (header) sources.push({ number: Number(header[1]), text: '' });
    else if (sources.length > 0) sources[sources.length - 1].text += `${line}\n`;
  }
  return sources;
}

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？；])\s*|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/** Content words, and CJK character pairs (Chinese has no spaces to find words by). */
function termsOf(text: string): Set<string> {
  const lower = text.toLowerCase();
  const terms = new Set((lower.replace(CJK_RUN, ' ').match(/[\p{L}\p{N}]{2,}/gu) ?? []).filter((word) => !STOP_WORDS.has(word)));
  for (const run of lower.match(CJK_RUN) ?? []) {
    for (let i = 0; i + 1 < run.length; i += 1) terms.add(run.slice(i, i + 2));
  }
  return terms;
}

function overlap(terms: Set<string>, sentence: string): number {
  const own = termsOf(sentence);
  let shared = 0;
  for (const term of terms) if (own.has(term)) shared += 1;
  return shared;
}
