import { searchTerms } from '../../../../core/domain/knowledge/search-terms';

/** `knowledge_chunks.search_terms` is TEXT: MySQL holds 65,535 bytes; later terms of a longer chunk are not indexed. */
const MAX_INDEXED_CHARS = 65_000;

/**
 * What SQLite FTS5 and MySQL/MariaDB FULLTEXT index in place of a search term: `k` and 11 base-36
 * digits of a 53-bit hash of it. InnoDB skips tokens under `innodb_ft_min_token_size` (3 on our
 * servers, so CJK bigrams and words like "ai") and its stopwords ("the", "with"...); a fixed-length
 * ASCII code is indexed whatever the term, by both engines' default tokenizers, and no code is an
 * operator or a stopword. Two terms sharing a code is a false match, rare enough at 53 bits.
 * Changing the code means recomputing every chunk's `search_terms` (see the migration that added it).
 */
export function encodeSearchTerm(term: string): string {
  return `k${hash53(term).toString(36).padStart(11, '0')}`;
}

/** The `search_terms` column of a chunk: its encoded terms, in order, space-separated. */
export function indexedSearchTerms(content: string): string {
  const codes = new Map<string, string>();
  const out: string[] = [];
  let length = -1;
  for (const term of searchTerms(content)) {
    let code = codes.get(term);
    if (code === undefined) codes.set(term, (code = encodeSearchTerm(term)));
    length += code.length + 1;
    if (length > MAX_INDEXED_CHARS) break;
    out.push(code);
  }
  return out.join(' ');
}

/** A query's distinct encoded terms; none for a query of punctuation only. */
export function encodedQueryTerms(query: string): string[] {
  return [...new Set(searchTerms(query))].map(encodeSearchTerm);
}

/**
 * cyrb53 (bryc, public domain): a fast, well-mixed 53-bit string hash; a cryptographic one costs
 * a microsecond per term, too much for every bigram of every chunk. Not collision-resistant
 * against a crafted text, which at worst adds that text's chunk to someone's results in bases
 * its author could write to anyway.
 */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ unit, 2654435761);
    h2 = Math.imul(h2 ^ unit, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
