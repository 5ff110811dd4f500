/** A model-free sentiment estimate: `score` in [-1, 1]; `matches` is how many sentiment words were found. */
export interface LexiconScore {
  score: number;
  matches: number;
}

// A small English lexicon in the spirit of VADER (weights 1 mild, 2 strong); it only backs up the model.
const WORDS: { [word: string]: number } = {};
const POSITIVE_MILD =
  'good nice fine like liked likes happy glad pleased helpful useful easy fast quick clean friendly polite recommend recommended works worked working fixed thanks thank enjoy enjoyed satisfied comfortable reliable smooth better improved improvement cool fun positive welcome win won success successful';
const POSITIVE_STRONG =
  'great excellent amazing awesome fantastic wonderful love loved loves perfect brilliant outstanding superb delighted best incredible impressive exceptional';
const NEGATIVE_MILD =
  'bad poor slow difficult hard problem problems issue issues bug bugs broken unhappy sad annoying annoyed confusing confused disappointing disappointed late expensive overpriced dirty rude wrong fail failed fails failure error errors crash crashed crashes refund complaint complain worse negative lost missing cancel cancelled unfortunately';
const NEGATIVE_STRONG = 'terrible awful horrible hate hated hates worst useless disgusting unacceptable furious angry scam pathetic dreadful appalling';
for (const [list, weight] of [
  [POSITIVE_MILD, 1],
  [POSITIVE_STRONG, 2],
  [NEGATIVE_MILD, -1],
  [NEGATIVE_STRONG, -2],
] as const) {
  for (const word of list.split(' ')) WORDS[word] = weight;
}
const NEGATIONS = new Set(['not', 'no', 'never', 'none', 'nothing', 'neither', 'nor', 'without', 'hardly', 'barely']);
const INTENSIFIERS = new Set(['very', 'really', 'extremely', 'so', 'too', 'absolutely', 'incredibly', 'totally', 'super', 'highly']);
const EMOTICONS: Array<[RegExp, number]> = [
  [/(?::|;|=)-?[)D\]]|❤|😀|😃|😄|😊|😍|👍|🙂|🎉/gu, 1.5],
  [/(?::|=)-?[([]|:'\(|😞|😠|😡|😢|😭|👎|🙁/gu, -1.5],
];
// VADER's normalisation constant, lowered because our weights are about half of VADER's.
const ALPHA = 4;

export function scoreByLexicon(text: string): LexiconScore {
  const tokens =
    text
      .toLowerCase()
      .replace(/n't\b/g, ' not')
      .match(/[\p{L}']+/gu) ?? [];
  let total = 0;
  let matches = 0;
  tokens.forEach((token, index) => {
    const weight = WORDS[token];
    if (weight === undefined) return;
    const before = tokens.slice(Math.max(0, index - 3), index);
    const negated = before.some((word) => NEGATIONS.has(word));
    const boosted = INTENSIFIERS.has(tokens[index - 1] ?? '');
    // A negated sentiment word is weaker than its opposite ("not good" is less than "bad").
    total += weight * (boosted ? 1.5 : 1) * (negated ? -0.5 : 1);
    matches += 1;
  });
  for (const [pattern, weight] of EMOTICONS) {
    const found = text.match(pattern)?.length ?? 0;
    total += found * weight;
    matches += found;
  }
  const score = total / Math.sqrt(total * total + ALPHA);
  return { score: Math.round(score * 1000) / 1000, matches };
}
