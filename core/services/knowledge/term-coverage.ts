import { searchTerms } from '../../domain/knowledge/search-terms';

// Function words say nothing about whether a passage answers a question.
const FUNCTION_WORDS = new Set(
  (
    'a an and are as at be but by can could did do does for from had has have how i if in into is it its me my ' +
    'no not of on or our so than that the their them then there these they this to was we were what when where ' +
    'which who whom why will with would you your'
  ).split(' '),
);

/** The query's distinct content terms (see searchTerms), without English function words. */
export function contentTerms(text: string): Set<string> {
  return new Set(searchTerms(text).filter((term) => !FUNCTION_WORDS.has(term)));
}

/** The share (0–1) of the query's content terms that the passage holds; 0 when the query has none. */
export function termCoverage(queryTerms: Set<string>, passage: string): number {
  if (queryTerms.size === 0) return 0;
  const held = new Set(searchTerms(passage));
  let found = 0;
  for (const term of queryTerms) if (held.has(term)) found += 1;
  return found / queryTerms.size;
}
