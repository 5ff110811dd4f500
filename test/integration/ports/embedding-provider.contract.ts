import { EmbeddingProvider } from '../../../core/ports/embedding-provider.port';

export interface EmbeddingContractOptions {
  /** The provider's vectors carry meaning, so similar texts must score above dissimilar ones. */
  semantic?: boolean;
}

function cosine(a: number[], b: number[]): number {
  const dot = a.reduce((sum, x, i) => sum + x * b[i], 0);
  return dot / (Math.hypot(...a) * Math.hypot(...b));
}

/** What every EmbeddingProvider promises. */
export function describeEmbeddingProviderContract(name: string, makeSubject: () => EmbeddingProvider, options: EmbeddingContractOptions = {}): void {
  describe(`EmbeddingProvider contract: ${name}`, () => {
    let provider: EmbeddingProvider;
    beforeEach(() => {
      provider = makeSubject();
    });

    it('returns one finite vector of `dimensions` numbers per text', async () => {
      const vectors = await provider.embed(['first text', 'second text']);
      expect(vectors).toHaveLength(2);
      for (const vector of vectors) {
        expect(vector).toHaveLength(provider.dimensions);
        expect(vector.every(Number.isFinite)).toBe(true);
        expect(Math.hypot(...vector)).toBeGreaterThan(0);
      }
    });

    it('gives the same text the same vector every time', async () => {
      const [first] = await provider.embed(['deterministic please']);
      const [second] = await provider.embed(['deterministic please']);
      expect(second).toEqual(first);
    });

    it('keeps the order of a batch', async () => {
      const texts = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
      const batch = await provider.embed(texts);
      const oneByOne = await Promise.all(texts.map(async (text) => (await provider.embed([text]))[0]));
      expect(batch).toEqual(oneByOne);
      expect(batch[0]).not.toEqual(batch[1]);
    });

    it('returns nothing for no texts', async () => {
      await expect(provider.embed([])).resolves.toEqual([]);
    });

    if (options.semantic) {
      it('scores similar English texts above dissimilar ones', async () => {
        const [query, similar, different] = await provider.embed([
          'How do I reset my account password?',
          'Steps to reset the password of your account',
          'The weather in Paris is sunny today',
        ]);
        expect(cosine(query, similar)).toBeGreaterThan(cosine(query, different) + 0.2);
      });

      it('scores similar Chinese texts above dissimilar ones', async () => {
        const [query, similar, different] = await provider.embed(['如何重置账户密码', '重置密码的步骤和账户设置', '今天巴黎天气晴朗']);
        expect(cosine(query, similar)).toBeGreaterThan(cosine(query, different) + 0.2);
      });
    }
  });
}
