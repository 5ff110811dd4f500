/**
 * The terms keyword search indexes and looks up, one function for chunk texts and queries alike
 * (every engine sees the same terms): text is NFKC-normalised (full-width letters and digits
 * become ASCII) and lowercased, then
 * - a run of letters, digits and marks outside CJK is a word: `Vector` → `vector`;
 * - words joined by `-`, `_`, `.` or `/` without spaces also yield their concatenation, so a
 *   product code is found however it is typed: `ZX-4471` → `zx`, `4471`, `zx4471`;
 * - a run of CJK characters (Han, Hiragana, Katakana, Hangul) becomes its overlapping bigrams,
 *   a lone character its unigram: `向量数据库` → `向量`, `量数`, `数据`, `据库`.
 * Everything else (punctuation, symbols, spaces) only separates terms. Terms repeat as often as
 * they occur, since engines weigh term frequency.
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  for (const [run] of text.normalize('NFKC').toLowerCase().matchAll(RUN)) {
    if (CJK_START.test(run)) terms.push(...bigrams(run));
    else terms.push(...wordTerms(run));
  }
  return terms;
}

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u3005\\u30fc';
const WORD = `(?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+`;
/** A CJK run, or words chained by connectors (a compound like `zx-4471` or `v2.3`). */
const RUN = new RegExp(`[${CJK}]+|${WORD}(?:[-_./]${WORD})*`, 'gu');
const CJK_START = new RegExp(`^[${CJK}]`, 'u');
const CONNECTOR = /[-_./]/;

function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  return chars.slice(1).map((char, i) => chars[i] + char);
}

function wordTerms(run: string): string[] {
  const words = run.split(CONNECTOR);
  return words.length === 1 ? words : [...words, words.join('')];
}
