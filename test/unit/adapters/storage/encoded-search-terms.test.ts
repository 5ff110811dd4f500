import { encodedQueryTerms, encodeSearchTerm, indexedSearchTerms } from '../../../../adapters/storage/typeorm/knowledge-keyword/encoded-terms';

const CODE = /^k[0-9a-z]{11}$/;

describe('encoded search terms', () => {
  it('When a term is encoded, Then its code is 12 ASCII word characters, the same every time, whatever the script', () => {
    for (const term of ['ai', 'the', '向量', '我', 'zx4471', 'straße', 'x'.repeat(500)]) {
      expect(encodeSearchTerm(term)).toMatch(CODE);
      expect(encodeSearchTerm(term)).toBe(encodeSearchTerm(term));
    }
  });

  it('When many different terms are encoded, Then their codes differ', () => {
    const terms = new Set<string>();
    for (let a = 0x4e00; a < 0x4e00 + 300; a++) for (let b = 0x4e00; b < 0x4e00 + 100; b++) terms.add(String.fromCodePoint(a, b));
    for (let i = 0; i < 20_000; i++) terms.add(`w${i}`);
    expect(new Set([...terms].map(encodeSearchTerm)).size).toBe(terms.size);
  });

  it('When a chunk is indexed, Then its column holds one code per term, in order, repeats kept', () => {
    expect(indexedSearchTerms('AI and ai, 向量数据库')).toBe(['ai', 'and', 'ai', '向量', '量数', '数据', '据库'].map(encodeSearchTerm).join(' '));
    expect(indexedSearchTerms('!!!')).toBe('');
  });

  it('When a chunk has more terms than the column holds, Then the column stops at a whole code under 65,000 characters', () => {
    const indexed = indexedSearchTerms('word '.repeat(10_000));
    expect(indexed.length).toBeLessThanOrEqual(65_000);
    expect(indexed.length).toBeGreaterThan(64_980);
    expect(indexed.split(' ').every((code) => CODE.test(code))).toBe(true);
  });

  it('When a query is encoded, Then its terms are deduplicated, and punctuation alone gives none', () => {
    expect(encodedQueryTerms('AI ai "AI"')).toEqual([encodeSearchTerm('ai')]);
    expect(encodedQueryTerms('"*-+@() NEAR(')).toEqual([encodeSearchTerm('near')]);
    expect(encodedQueryTerms('"*-+@()')).toEqual([]);
  });
});
