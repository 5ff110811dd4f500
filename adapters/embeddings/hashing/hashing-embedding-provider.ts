import { EmbeddingProvider } from '../../../core/ports/embedding-provider.port';
import { textFeatures } from './text-features';

// A text with no features still needs a unit vector: every vector store divides by the norm.
const EMPTY_TEXT_FEATURE = [{ key: 'empty:', weight: 1 }];

/**
 * Offline, deterministic embeddings by signed feature hashing into `dimensions` buckets,
 * L2-normalised, so cosine similarity rewards shared words and CJK character pairs.
 */
export class HashingEmbeddingProvider implements EmbeddingProvider {
  readonly name = 'hashing';

  constructor(readonly dimensions: number) {}

  async embed(texts: string[]): Promise<number[][]> {
    return texts.map((text) => this.vectorOf(text));
  }

  private vectorOf(text: string): number[] {
    const vector = new Array<number>(this.dimensions).fill(0);
    const features = textFeatures(text);
    for (const { key, weight } of features.length ? features : EMPTY_TEXT_FEATURE) {
      const hash = fnv1a(key);
      // The sign comes from other bits than the bucket, so collisions cancel out on average.
      const sign = (fnv1a(`~${key}`) & 1) === 0 ? 1 : -1;
      vector[hash % this.dimensions] += sign * weight;
    }
    const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
    return norm === 0 ? unit(this.dimensions) : vector.map((x) => x / norm);
  }
}

/** 32-bit FNV-1a over the UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

// Features that all cancel out (rare) still give a unit vector.
function unit(dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  vector[0] = 1;
  return vector;
}
