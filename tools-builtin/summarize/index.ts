/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { llm } from 'kernel:api';
import { countWords, formatSummary, SummaryStyle } from './summary-format';
import { splitIntoChunks } from './text-chunks';

type SummaryLength = 'short' | 'medium' | 'long';

interface Input {
  text: string;
  length?: SummaryLength;
  max_words?: number;
  style?: SummaryStyle;
  language?: string;
  focus?: string;
}

interface Output {
  summary: string;
  style: SummaryStyle;
  word_count: number;
  /** How many parts the text was summarized in (long texts are summarized part by part, then combined). */
  chunks: number;
  /** True when the model's summary was longer than `max_words` and was cut. */
  capped: boolean;
}

// About 3,000 tokens a part keeps each call well inside any model's context; 6 parts + 1 combine = the manifest's maxCalls.
const CHUNK_CHARS = 12000;
const MAX_CHUNKS = 6;
const TARGET_WORDS: { [length in SummaryLength]: number } = { short: 50, medium: 120, long: 300 };
const STYLE_RULES: { [style in SummaryStyle]: string } = {
  paragraph: 'one or two plain paragraphs',
  bullets: 'a list of bullet points, one line each, starting with "- "',
  tldr: 'one or two sentences (a TL;DR)',
  headline: 'a single headline line of at most 15 words, no final period',
};

export default async function summarize(input: Input): Promise<Output> {
  const style = input.style ?? 'paragraph';
  const words = input.max_words ?? TARGET_WORDS[input.length ?? 'medium'];
  const chunks = splitIntoChunks(input.text, CHUNK_CHARS, MAX_CHUNKS);
  let source = input.text;
  if (chunks.length > 1) {
    const partials: string[] = [];
    for (const [index, chunk] of chunks.entries()) {
      partials.push(await ask(instructions(input, 'paragraph', 150, `This is part ${index + 1} of ${chunks.length} of a longer text.`), chunk));
    }
    source = partials.map((partial, index) => `Part ${index + 1}: ${partial}`).join('\n\n');
  }
  const combine = chunks.length > 1 ? 'These are summaries of consecutive parts of one text; merge them into one summary.' : '';
  const raw = await ask(instructions(input, style, words, combine), source);
  const { summary, capped } = formatSummary(raw, style, input.max_words);
  return { summary, style, word_count: countWords(summary), chunks: chunks.length, capped };
}

function instructions(input: Input, style: SummaryStyle, words: number, context: string): string {
  return [
    'Summarize the text for a reader who has not seen it. Keep names, numbers and facts exact; add nothing that is not in the text.',
    context,
    `Format: ${STYLE_RULES[style]}. Length: at most about ${words} words.`,
    input.focus ? `Focus on: ${input.focus}.` : '',
    input.language ? `Write the summary in ${input.language}.` : 'Write the summary in the language of the text.',
    'Reply with the summary only.',
  ]
    .filter(Boolean)
    .join('\n');
}

async function ask(system: string, text: string): Promise<string> {
  return llm.complete(text, { system, task: 'summarize', temperature: 0.2, maxTokens: 1024 });
}
