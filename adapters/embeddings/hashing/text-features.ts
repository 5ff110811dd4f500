// Han, kana and Hangul are written without spaces: they are read as character unigrams and bigrams.
const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+/g;
const WORD = /[\p{L}\p{N}]+/gu;

const STOP_WORDS = new Set(
  'a an and are as at be been but by do does for from had has have he her his i if in into is it its me my no not of on or our she so than that the their them then there these they this those to was we were what when where which who will with you your'.split(
    ' ',
  ),
);

export interface Feature {
  key: string;
  weight: number;
}

/**
 * The features a text is hashed from: stemmed content words and their bigrams, character
 * trigrams of longer words (so "embedding" meets "embeddings"), and CJK character unigrams
 * and bigrams (so Chinese and Japanese text compares without a word segmenter).
 */
export function textFeatures(text: string): Feature[] {
  const normalised = text.normalize('NFKC').toLowerCase();
  const features: Feature[] = [];
  for (const run of normalised.match(CJK_RUN) ?? []) features.push(...cjkFeatures(run));
  const words = (normalised.replace(CJK_RUN, ' ').match(WORD) ?? []).filter((w) => !STOP_WORDS.has(w)).map(stem);
  words.forEach((word, i) => {
    features.push({ key: `w:${word}`, weight: 1 });
    if (i > 0) features.push({ key: `b:${words[i - 1]} ${word}`, weight: 0.5 });
    if (word.length >= 5) {
      for (let j = 0; j + 3 <= word.length; j += 1) features.push({ key: `t:${word.slice(j, j + 3)}`, weight: 0.2 });
    }
  });
  return features;
}

function cjkFeatures(run: string): Feature[] {
  const chars = [...run];
  const features = chars.map((char) => ({ key: `c:${char}`, weight: 1 }));
  for (let i = 1; i < chars.length; i += 1) features.push({ key: `c2:${chars[i - 1]}${chars[i]}`, weight: 1 });
  return features;
}

/** A light suffix stripper: plurals, -ing, -ed, -ly. Enough to join the forms of one word. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (/(?:xes|ches|shes|sses|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  if (word.endsWith('ing') && word.length >= 6) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length >= 5) return word.slice(0, -2);
  if (word.endsWith('ly') && word.length >= 5) return word.slice(0, -2);
  return word;
}
