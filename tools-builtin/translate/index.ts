/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { llm } from 'kernel:api';

interface Input {
  text: string;
  target_language: string;
  source_language?: string;
  formality?: 'formal' | 'informal';
  glossary?: { [term: string]: string };
}

interface Output {
  translation: string;
  target_language: string;
  source_language: string | null;
}

const PREAMBLE = /^(?:here(?: is|'s) (?:the |your )?translation[^:\n]*:|translation\s*(?:\([^)\n]*\))?\s*:)\s*/i;
const QUOTES = /^["“«„](.*)["”»“]$/s;

export default async function translate(input: Input): Promise<Output> {
  const reply = await llm.complete(input.text, { system: instructions(input), task: 'translate', temperature: 0, maxTokens: maxTokensFor(input.text) });
  return {
    translation: clean(reply, input.text),
    target_language: input.target_language,
    source_language: input.source_language ?? null,
  };
}

function instructions(input: Input): string {
  const from = input.source_language ? `from ${input.source_language} ` : '';
  const glossary = Object.entries(input.glossary ?? {}).map(([term, rendering]) => `"${term}" → "${rendering}"`);
  return [
    `Translate the user's text ${from}into ${input.target_language}.`,
    'Keep the meaning, tone, line breaks, Markdown, placeholders like {name} and URLs exactly; translate nothing that is code.',
    input.formality ? `Use a ${input.formality} register.` : '',
    glossary.length ? `Always translate these terms as given: ${glossary.join('; ')}.` : '',
    'Reply with the translation only, without notes or quotes.',
  ]
    .filter(Boolean)
    .join('\n');
}

// Translations run longer than their source in many language pairs (and CJK counts differently): leave room.
function maxTokensFor(text: string): number {
  return Math.min(8192, Math.max(256, Math.ceil(text.length / 2)));
}

/** Strips what models wrap a translation in (a fence, a "Translation:" line, quotes the source did not have). */
function clean(reply: string, source: string): string {
  let text = reply
    .trim()
    .replace(/^```\w*\n([\s\S]*?)\n?```$/, '$1')
    .replace(PREAMBLE, '')
    .trim();
  if (!QUOTES.test(source.trim())) text = text.replace(QUOTES, '$1');
  return text;
}
