import { EmbeddedVectorStore } from '../../../adapters/vectors/embedded/embedded-vector-store';
import { DEFAULT_INDEX_TUNING } from '../../../adapters/vectors/embedded/index-tuning';
import { InMemoryVectorRecordRepository } from '../../fixtures/in-memory-vector-record-repository';
import { describeVectorStoreContract } from '../ports/vector-store.contract';

describeVectorStoreContract('EmbeddedVectorStore', async () => ({
  store: new EmbeddedVectorStore(new InMemoryVectorRecordRepository()),
  dispose: async () => undefined,
}));

// The contract's collections are tiny: force the HNSW graph and its filter callback to answer them.
describeVectorStoreContract('EmbeddedVectorStore answering from its HNSW graph', async () => ({
  store: new EmbeddedVectorStore(new InMemoryVectorRecordRepository(), undefined, {
    tuning: { ...DEFAULT_INDEX_TUNING, bruteForceBelow: 1, exactScanBelow: 0 },
  }),
  dispose: async () => undefined,
}));
