import { VectorStore } from '../../../core/ports/vector-store.port';
import { VectorStoreSubject } from '../ports/vector-store.contract';

/** Wraps a store so `dispose` can drop every collection a test touched (for shared servers). */
export function trackedSubject(inner: VectorStore): VectorStoreSubject {
  const touched = new Set<string>();
  const seen = (collection: string): string => (touched.add(collection), collection);
  const store: VectorStore = {
    upsert: (c, records) => inner.upsert(seen(c), records),
    delete: (c, ids) => inner.delete(seen(c), ids),
    deleteWhere: (c, filter) => inner.deleteWhere(seen(c), filter),
    search: (c, query) => inner.search(seen(c), query),
    dropCollection: (c) => inner.dropCollection(seen(c)),
  };
  const dispose = async (): Promise<void> => {
    for (const collection of touched) await inner.dropCollection(collection);
  };
  return { store, dispose };
}
