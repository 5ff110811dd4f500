import { InMemoryKeyValueStore } from '../../../adapters/kv/in-memory/in-memory-key-value-store';
import { describeKeyValueStoreContract } from '../ports/key-value-store.contract';

describeKeyValueStoreContract('InMemoryKeyValueStore', async () => {
  let now = Date.parse('2030-01-01T00:00:00Z');
  return { store: new InMemoryKeyValueStore(() => now), advance: (seconds) => (now += seconds * 1000), destroy: async () => undefined };
});
