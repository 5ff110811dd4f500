import { EmbeddedVectorStore } from '../../../adapters/vectors/embedded/embedded-vector-store';
import { InMemoryVectorRecordRepository } from '../../fixtures/in-memory-vector-record-repository';
import { describeVectorStoreContract } from '../ports/vector-store.contract';

describeVectorStoreContract('EmbeddedVectorStore', async () => ({
  store: new EmbeddedVectorStore(new InMemoryVectorRecordRepository()),
  dispose: async () => undefined,
}));
