import { STOP_WORDS } from './stop-words';

interface Input {
  text: string;
  top?: number;
  min_length?: number;
  exclude_stop_words?: boolean;
  case_sensitive?: boolean;
}

interface WordCount {
  word: string;
  count: number;
  share: number;
}

interface Output {
  total_words: number;
  unique_words: number;
  words: WordCount[];
}

// Letters and digits, with inner apostrophes or hyphens (don't, e-mail); Han, Hiragana and
// Katakana runs are matched apart, since those scripts put no spaces between words.
const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+|[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]/u;
// Intl.Segmenter costs time with the square of its input: CJK runs are segmented in slices.
const CJK_SLICE = 500;

export default function wordFrequency(input: Input): Output {
  const minLength = input.min_length ?? 1;
  const counts = new Map<string, number>();
  let total = 0;
  for (const raw of words(input.text)) {
    const word = input.case_sensitive ? raw : raw.toLowerCase();
    if ([...word].length < minLength) continue;
    if (input.exclude_stop_words && STOP_WORDS.has(word.toLowerCase().replace('’', "'"))) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
    total += 1;
  }
  const ranked = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  return {
    total_words: total,
    unique_words: counts.size,
    words: ranked.slice(0, input.top ?? 10).map(([word, count]) => ({ word, count, share: Math.round((count / total) * 10_000) / 10_000 })),
  };
}

function* words(text: string): Generator<string> {
  const segmenter = new Intl.Segmenter('ja', { granularity: 'word' });
  for (const [token] of text.matchAll(TOKEN)) {
    if (!CJK.test(token)) {
      yield token;
      continue;
    }
    for (let start = 0; start < token.length;) {
      let end = Math.min(start + CJK_SLICE, token.length);
      if (end < token.length && isHighSurrogate(token.charCodeAt(end - 1))) end -= 1;
      for (const segment of segmenter.segment(token.slice(start, end))) {
        if (segment.isWordLike) yield segment.segment;
      }
      start = end;
    }
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
