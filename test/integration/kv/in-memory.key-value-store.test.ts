import { InMemoryKeyValueStore } from '../../fixtures/kv/in-memory-key-value-store';
import { CONTRACT_KV_LIMITS, describeKeyValueStoreContract } from '../ports/key-value-store.contract';

describeKeyValueStoreContract('InMemoryKeyValueStore', async () => {
  let now = Date.UTC(2030, 0, 1);
  return {
    store: new InMemoryKeyValueStore(() => now, CONTRACT_KV_LIMITS),
    advance: (seconds) => (now += seconds * 1000),
    now: () => new Date(now),
    destroy: async () => undefined,
  };
});
