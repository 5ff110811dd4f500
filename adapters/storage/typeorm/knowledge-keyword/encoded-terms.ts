import { createHash } from 'node:crypto';
import { searchTerms } from '../../../../core/domain/knowledge/search-terms';

/** `knowledge_chunks.search_terms` is TEXT: MySQL holds 65,535 bytes; later terms of a longer chunk are not indexed. */
const MAX_INDEXED_CHARS = 65_000;

/**
 * What SQLite FTS5 and MySQL/MariaDB FULLTEXT index in place of a search term: `k` and 11 base-36
 * digits of its SHA-1 (52 bits). InnoDB skips tokens under `innodb_ft_min_token_size` (3 on our
 * servers, so CJK bigrams and words like "ai") and its stopwords ("the", "with"...); a fixed-length
 * ASCII code is indexed whatever the term, by both engines' default tokenizers, and no code is an
 * operator or a stopword. Two terms sharing a code is a false match, rare enough at 52 bits.
 */
export function encodeSearchTerm(term: string): string {
  const bits52 = parseInt(createHash('sha1').update(term).digest('hex').slice(0, 13), 16);
  return `k${bits52.toString(36).padStart(11, '0')}`;
}

/** The `search_terms` column of a chunk: its encoded terms, in order, space-separated. */
export function indexedSearchTerms(content: string): string {
  let text = '';
  for (const term of searchTerms(content)) {
    const code = encodeSearchTerm(term);
    if (text.length + code.length + 1 > MAX_INDEXED_CHARS) break;
    text = text === '' ? code : `${text} ${code}`;
  }
  return text;
}

/** A query's distinct encoded terms; none for a query of punctuation only. */
export function encodedQueryTerms(query: string): string[] {
  return [...new Set(searchTerms(query).map(encodeSearchTerm))];
}
