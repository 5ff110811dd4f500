import { token } from '../shared/token';

/** Turns texts into fixed-length vectors; the same text always gives the same vector. */
export interface EmbeddingProvider {
  readonly name: string;
  readonly dimensions: number;
  embed(texts: string[]): Promise<number[][]>;
}

export const EMBEDDING_PROVIDER = token<EmbeddingProvider>('EmbeddingProvider');
