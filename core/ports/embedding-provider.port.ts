import { token } from '../shared/token';

/** Turns texts into fixed-length vectors; the same text always gives the same vector. */
export interface EmbeddingProvider {
  readonly name: string;
  /** The provider's model, when it has a choice of them. */
  readonly model?: string;
  readonly dimensions: number;
  embed(texts: string[]): Promise<number[][]>;
}

export const EMBEDDING_PROVIDER = token<EmbeddingProvider>('EmbeddingProvider');

/** What identifies a vector space: vectors of two different identities must never be compared. */
export function embeddingModelOf(provider: EmbeddingProvider): string {
  return [provider.name, provider.model, String(provider.dimensions)].filter((part) => part !== undefined && part !== '').join(':');
}
