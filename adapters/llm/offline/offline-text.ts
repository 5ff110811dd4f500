import { ChatMessage } from '../../../core/domain/llm/chat-message';

// Han, kana and Hangul: text written without spaces, one token per character.
const CJK_CLASS = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff';
const CJK_CHAR = new RegExp(`[${CJK_CLASS}]`, 'g');
const WORD_TOKEN = new RegExp(`[${CJK_CLASS}]\\s*|[^\\s${CJK_CLASS}]+\\s*|\\s+`, 'g');
const COUNTED_WORD = new RegExp(`[${CJK_CLASS}]|[\\p{L}\\p{N}]+`, 'gu');

const STOP_WORDS = new Set(
  'the a an and or but of to in on at for with by from is are was were be been it this that these those as do does did can could would should will i you he she we they me my your our their what which who how why when where please use using about into than then there here have has had not no yes just also'.split(
    ' ',
  ),
);

/** A deterministic stand-in for a tokenizer: a CJK character or about four other characters a token. */
export function estimateTokens(text: string): number {
  const cjk = text.match(CJK_CHAR)?.length ?? 0;
  const rest = text.replace(CJK_CHAR, '').trim().length;
  return cjk + Math.ceil(rest / 4);
}

/** Splits text into stream tokens (a word with its trailing space, or one CJK character); they join back to the text. */
export function splitIntoWordTokens(text: string): string[] {
  return text.match(WORD_TOKEN) ?? [];
}

/**
 * The most frequent content words, ties broken by first appearance. CJK text is left out:
 * without a word segmenter its "words" would be arbitrary cuts.
 */
export function keywords(text: string, count = 5): string[] {
  const frequency = new Map<string, number>();
  for (const term of text
    .toLowerCase()
    .replace(CJK_CHAR, ' ')
    .match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (STOP_WORDS.has(term) || term.length < 3) continue;
    frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  return [...frequency.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([term]) => term);
}

export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** Words, counting each CJK character as one. */
export function wordCount(text: string): number {
  return text.match(COUNTED_WORD)?.length ?? 0;
}

export function lastUserMessage(messages: ReadonlyArray<ChatMessage>): string {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    if (messages[i].role === 'user') return messages[i].content;
  }
  return '';
}

/** The offline model's plain answer: it says what it is, then echoes and summarises the message. */
export function plainOfflineReply(message: string): string {
  if (!message.trim()) return '[offline model] There is no user message to answer.';
  const topics = keywords(message);
  const topicText = topics.length ? ` Main topics: ${topics.join(', ')}.` : '';
  return `[offline model] You wrote: "${truncate(message, 160)}".${topicText}`;
}
