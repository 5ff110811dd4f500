import { normalizeLabel } from './label-match';

export interface WordOverlapChoice {
  label: string;
  confidence: number;
  /** Label words found in the text; 0 means nothing in the text pointed at any label. */
  hits: number;
}

// Labels a classifier falls back to when nothing else fits.
const CATCH_ALL = new Set(['other', 'others', 'unknown', 'none', 'misc', 'miscellaneous', 'general', 'neutral', 'n a']);
const STOP_WORDS = new Set(['a', 'an', 'and', 'or', 'the', 'of', 'to', 'in', 'on', 'for', 'with', 'is', 'are', 'not']);
// Word overlap is weak evidence: never claim more than this.
const MAX_CONFIDENCE = 0.6;

/**
 * The model-free fallback: the label whose words (or word stems) occur most often in the text.
 * With no overlap at all it picks a catch-all label such as "other" if there is one, else the first.
 */
export function classifyByWordOverlap(text: string, labels: string[]): WordOverlapChoice {
  const textStems = stems(text);
  const scores = labels.map((label) => score(label, textStems, ` ${normalizeLabel(text)} `));
  const total = scores.reduce((sum, value) => sum + value, 0);
  if (total === 0) {
    const catchAll = labels.find((label) => CATCH_ALL.has(normalizeLabel(label)));
    return { label: catchAll ?? labels[0], confidence: round(1 / labels.length), hits: 0 };
  }
  const best = scores.indexOf(Math.max(...scores));
  const smoothed = (scores[best] + 0.5) / (total + 0.5 * labels.length);
  return { label: labels[best], confidence: round(Math.min(MAX_CONFIDENCE, smoothed)), hits: scores[best] };
}

function score(label: string, textStems: string[], paddedText: string): number {
  const phraseBonus = paddedText.includes(` ${normalizeLabel(label)} `) ? 2 : 0;
  const labelStems = stems(label);
  const hits = textStems.filter((word) => labelStems.some((stem) => sameStem(word, stem))).length;
  return hits + phraseBonus;
}

function sameStem(word: string, stem: string): boolean {
  if (word === stem) return true;
  return Math.min(word.length, stem.length) >= 4 && (word.startsWith(stem) || stem.startsWith(word));
}

function stems(text: string): string[] {
  return normalizeLabel(text)
    .split(' ')
    .filter((word) => word && !STOP_WORDS.has(word))
    .map((word) => (word.length > 4 ? word.replace(/(?:ing|ed|es|s)$/, '') : word));
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
