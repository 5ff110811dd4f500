import { HashingEmbeddingProvider } from '../../../../../adapters/embeddings/hashing/hashing-embedding-provider';
import { stem, textFeatures } from '../../../../../adapters/embeddings/hashing/text-features';

const cosine = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i], 0);

describe('HashingEmbeddingProvider', () => {
  const provider = new HashingEmbeddingProvider(256);

  it('returns L2-normalised vectors of the configured size', async () => {
    for (const vector of await provider.embed(['hello world', '你好世界', '', '!!!'])) {
      expect(vector).toHaveLength(256);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 10);
    }
  });

  it('ignores case, punctuation and word forms', async () => {
    const [a, b] = await provider.embed(['Searching the documents!', 'search document']);
    expect(cosine(a, b)).toBeGreaterThan(0.9);
  });

  it('matches Chinese text by shared characters and character pairs', async () => {
    const [query, close, far] = await provider.embed(['机器学习模型', '训练机器学习模型的方法', '晚餐吃什么']);
    expect(cosine(query, close)).toBeGreaterThan(0.5);
    expect(cosine(query, far)).toBeLessThan(0.25);
  });

  it('is the same across instances of the same size', async () => {
    const [a] = await new HashingEmbeddingProvider(64).embed(['stable']);
    const [b] = await new HashingEmbeddingProvider(64).embed(['stable']);
    expect(a).toEqual(b);
  });
});

describe('text features', () => {
  it('drops stop words and stems the rest', () => {
    expect(textFeatures('The cats').map((f) => f.key)).toEqual(['w:cat']);
  });

  it('reads CJK runs as unigrams and bigrams', () => {
    expect(textFeatures('密码').map((f) => f.key)).toEqual(['c:密', 'c:码', 'c2:密码']);
  });

  it.each([
    ['queries', 'query'],
    ['boxes', 'box'],
    ['documents', 'document'],
    ['searching', 'search'],
    ['status', 'status'],
    ['class', 'class'],
    ['2024s', '2024s'],
  ])('stems %s to %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });
});
