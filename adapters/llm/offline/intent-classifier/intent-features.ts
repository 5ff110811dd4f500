import { INTENTS } from '../../../../core/domain/prompt/intent';
import { INTENT_CUES } from './intent-cues';

const HAN_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g;
const CLAUSE = /[.!?;:,()"“”‘’。！？；：，、（）\n]+/;
const WORD = /[a-z][a-z0-9+#']*|\d+/g;
const IGNORED_WORDS = new Set(['the', 'a', 'an', 'of', 'and', 'to', 'in', 'on', 'at', 'for', 'with', 'by', 'from', 'is', 'are', 'be', 'it', 'this', 'that']);

/**
 * The features of one text, each counted once: Han character unigrams and bigrams, English
 * word stems and word-stem bigrams within a clause, and one `cue:<intent>` per matching cue list.
 */
export function intentFeatures(text: string): Set<string> {
  const normal = text.normalize('NFKC').toLowerCase();
  const features = new Set<string>();
  for (const run of normal.match(HAN_RUN) ?? []) {
    const chars = [...run];
    chars.forEach((char, index) => {
      features.add(`h:${char}`);
      if (index + 1 < chars.length) features.add(`hh:${char}${chars[index + 1]}`);
    });
  }
  for (const clause of normal.replace(HAN_RUN, ' | ').split(CLAUSE)) {
    const words = (clause.match(WORD) ?? []).map(stem);
    words.forEach((word, index) => {
      if (!IGNORED_WORDS.has(word)) features.add(`w:${word}`);
      if (index + 1 < words.length) features.add(`ww:${word}_${words[index + 1]}`);
    });
  }
  for (const intent of INTENTS) {
    if (INTENT_CUES[intent].test(normal)) features.add(`cue:${intent}`);
  }
  return features;
}

/** A light suffix stripper: enough to make "analyzing", "analyzed" and "analyzes" meet. */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  for (const [suffix, replacement] of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length) + replacement;
  }
  return word;
}

const SUFFIXES: ReadonlyArray<readonly [string, string]> = [
  ['ational', 'ate'],
  ['ization', 'ize'],
  ['isation', 'ize'],
  ['fulness', 'ful'],
  ['ements', 'ement'],
  ['ing', ''],
  ['ies', 'y'],
  ['ied', 'y'],
  ['ed', ''],
  ['es', 'e'],
  ['ly', ''],
  ['s', ''],
];
