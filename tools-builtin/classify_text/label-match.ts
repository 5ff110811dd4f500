/** A candidate label found in a model's answer; `exact` when the model copied it verbatim. */
export interface LabelMatch {
  label: string;
  exact: boolean;
}

/** Lower-cased letters and digits separated by single spaces, so "Sports!" and "sports" compare equal. */
export function normalizeLabel(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The candidate the answer names: verbatim, then ignoring case and punctuation, then the only candidate it mentions. */
export function matchLabel(answer: string, labels: string[]): LabelMatch | undefined {
  if (labels.includes(answer)) return { label: answer, exact: true };
  const wanted = normalizeLabel(answer);
  if (!wanted) return undefined;
  const same = labels.find((label) => normalizeLabel(label) === wanted);
  if (same !== undefined) return { label: same, exact: false };
  const mentioned = labels.filter((label) => containsPhrase(wanted, normalizeLabel(label)));
  return mentioned.length === 1 ? { label: mentioned[0], exact: false } : undefined;
}

function containsPhrase(haystack: string, phrase: string): boolean {
  return phrase !== '' && ` ${haystack} `.includes(` ${phrase} `);
}

/** A confidence in [0, 1] from a number, a numeric string or a percentage; undefined when there is none. */
export function parseConfidence(value: unknown): number | undefined {
  const text = typeof value === 'string' ? value.trim() : undefined;
  const number = typeof value === 'number' ? value : text ? Number.parseFloat(text) : Number.NaN;
  if (!Number.isFinite(number) || number < 0) return undefined;
  const scaled = text?.endsWith('%') || (number > 1 && number <= 100) ? number / 100 : number;
  return scaled <= 1 ? scaled : undefined;
}
