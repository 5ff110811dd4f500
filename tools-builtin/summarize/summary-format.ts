export type SummaryStyle = 'paragraph' | 'bullets' | 'tldr' | 'headline';

const PREAMBLE =
  /^(?:(?:sure|okay|ok)[,!.]?\s+)?(?:here(?: is|'s)\s+(?:a|the|your)\s+(?:\w+\s+)?(?:summary|tl;?dr|headline)[^:\n]*:|(?:summary|tl;?dr|headline)\s*:)\s*/i;
const BULLET = /^\s*(?:[-*•–]|\d+[.)])\s+/;

/** Cleans a model's summary into the asked style, then holds it to `maxWords` when given. */
export function formatSummary(raw: string, style: SummaryStyle, maxWords?: number): { summary: string; capped: boolean } {
  let text = raw
    .trim()
    .replace(/^```\w*\n?|\n?```$/g, '')
    .replace(PREAMBLE, '')
    .trim();
  if (style === 'bullets') text = asBullets(text);
  if (style === 'headline')
    text = text
      .split('\n')[0]
      .trim()
      .replace(/^["'“”]+|["'“”]+$/g, '')
      .replace(/\.$/, '');
  if (maxWords === undefined || countWords(text) <= maxWords) return { summary: text, capped: false };
  return { summary: capWords(text, maxWords), capped: true };
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word && !BULLET.test(`${word} `)).length;
}

/** Bullet lines as `- item`; prose becomes one bullet per sentence. */
function asBullets(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const items = lines.some((line) => BULLET.test(line))
    ? lines.filter((line) => BULLET.test(line)).map((line) => line.replace(BULLET, ''))
    : (text.match(/[^.!?]+(?:[.!?]+["'”’)\]]*|$)/g) ?? [text]).map((sentence) => sentence.trim());
  // A fragment without a letter or digit (a lone quote or bracket) is not a point of its own.
  return items
    .filter((item) => /[\p{L}\p{N}]/u.test(item))
    .map((item) => `- ${item}`)
    .join('\n');
}

/** Keeps whole lines while they fit; the line that overflows is cut at a word and marked with an ellipsis. */
function capWords(text: string, maxWords: number): string {
  const kept: string[] = [];
  let left = maxWords;
  for (const line of text.split('\n')) {
    const words = countWords(line);
    if (words <= left) {
      kept.push(line);
      left -= words;
      continue;
    }
    if (left > 0) kept.push(`${cutLine(line, left).replace(/[\s,;:]+$/, '')}…`);
    break;
  }
  return kept.join('\n');
}

function cutLine(line: string, words: number): string {
  const bullet = BULLET.exec(line)?.[0] ?? '';
  return bullet + line.slice(bullet.length).split(/\s+/).filter(Boolean).slice(0, words).join(' ');
}
