import { searchTerms } from '../../../../core/domain/knowledge/search-terms';

describe('searchTerms', () => {
  it('When text has Latin words, Then it yields them lowercased in order, repeats kept', () => {
    expect(searchTerms('The Vector index, the VECTOR store!')).toEqual(['the', 'vector', 'index', 'the', 'vector', 'store']);
  });

  it('When a product code joins words with a connector, Then its parts and their concatenation are terms', () => {
    expect(searchTerms('Order ZX-4471 now')).toEqual(['order', 'zx', '4471', 'zx4471', 'now']);
    expect(searchTerms('v2.3.1')).toEqual(['v2', '3', '1', 'v231']);
    expect(searchTerms('zx4471')).toEqual(['zx4471']);
  });

  it('When a connector is followed by a space or ends the text, Then it only separates', () => {
    expect(searchTerms('end. Next - item-')).toEqual(['end', 'next', 'item']);
  });

  it('When text is full-width or accented, Then NFKC folds it and letters with marks stay one word', () => {
    expect(searchTerms('ＺＸ－４４７１ Café naïve Straße')).toEqual(['zx', '4471', 'zx4471', 'café', 'naïve', 'straße']);
  });

  it('When a run of Chinese characters is given, Then it becomes overlapping bigrams', () => {
    expect(searchTerms('向量数据库')).toEqual(['向量', '量数', '数据', '据库']);
  });

  it('When a CJK character stands alone, Then it is a unigram', () => {
    expect(searchTerms('我 是')).toEqual(['我', '是']);
  });

  it('When Japanese kana and Korean Hangul are given, Then they are bigrammed like Han', () => {
    expect(searchTerms('カタカナー')).toEqual(['カタ', 'タカ', 'カナ', 'ナー']);
    expect(searchTerms('ひらがな')).toEqual(['ひら', 'らが', 'がな']);
    expect(searchTerms('한국어')).toEqual(['한국', '국어']);
  });

  it('When CJK and Latin touch, Then each side is tokenized by its own rule', () => {
    expect(searchTerms('GPT4向量DB')).toEqual(['gpt4', '向量', 'db']);
  });

  it('When CJK punctuation separates runs, Then bigrams do not cross it', () => {
    expect(searchTerms('向量，数据。')).toEqual(['向量', '数据']);
  });

  it('When text is empty or only punctuation and operators, Then there are no terms', () => {
    expect(searchTerms('')).toEqual([]);
    expect(searchTerms(' "*" NEAR( -+@() ')).toEqual(['near']);
    expect(searchTerms('"*-+@()~<>')).toEqual([]);
  });
});
