import { EmbeddingProvider } from '../../ports/embedding-provider.port';

/** Embeds texts a batch at a time (providers cap inputs per request), in order. */
export async function embedInBatches(provider: EmbeddingProvider, texts: string[], batchSize: number): Promise<number[][]> {
  const vectors: number[][] = [];
  for (let start = 0; start < texts.length; start += batchSize) {
    const batch = texts.slice(start, start + batchSize);
    const embedded = await provider.embed(batch);
    if (embedded.length !== batch.length) throw new Error(`${provider.name} returned ${embedded.length} vectors for ${batch.length} texts`);
    vectors.push(...embedded);
  }
  return vectors;
}
