import { HashingEmbeddingProvider } from '../../../adapters/embeddings/hashing/hashing-embedding-provider';
import { describeEmbeddingProviderContract } from '../ports/embedding-provider.contract';

describeEmbeddingProviderContract('HashingEmbeddingProvider', () => new HashingEmbeddingProvider(384), { semantic: true });
