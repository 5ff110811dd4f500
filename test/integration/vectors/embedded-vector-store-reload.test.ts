import { EmbeddedVectorStore } from '../../../adapters/vectors/embedded/embedded-vector-store';
import { VectorRecord } from '../../../core/ports/vector-store.port';
import { InMemoryVectorRecordRepository } from '../../fixtures/in-memory-vector-record-repository';

const record = (id: string, vector: number[], topic: string): VectorRecord => ({ id, vector, metadata: { topic }, content: `text ${id}` });

describe('EmbeddedVectorStore across a restart', () => {
  it('When a new store loads from the repository, Then it answers exactly as the old one did', async () => {
    const repository = new InMemoryVectorRecordRepository();
    const before = new EmbeddedVectorStore(repository);
    await before.upsert('docs', [record('a', [1, 0, 0], 'x'), record('b', [1, 1, 0], 'y'), record('c', [0, 1, 0], 'x'), record('d', [0, 0, 1], 'y')]);
    await before.upsert('docs', [record('b', [0, 0, 2], 'z')]);
    await before.delete('docs', ['c']);
    await before.deleteWhere('docs', { topic: 'y' });
    await before.upsert('notes', [record('n', [0, 1], 'x')]);
    await before.upsert('scratch', [record('s', [1, 1, 1], 'x')]);
    await before.dropCollection('scratch');
    const query = { vector: [1, 0.5, 0.5], k: 10 };

    const after = new EmbeddedVectorStore(repository);
    const loaded = await after.load();

    expect(loaded).toBe(3);
    expect(await after.search('docs', query)).toEqual(await before.search('docs', query));
    expect((await after.search('docs', query)).map((hit) => hit.id)).toEqual(['a', 'b']);
    expect(await after.search('notes', { vector: [0, 3], k: 1 })).toEqual([{ id: 'n', score: 1, metadata: { topic: 'x' }, content: 'text n' }]);
    expect(await after.search('scratch', { vector: [1, 1, 1], k: 1 })).toEqual([]);
  });

  it('When the repository refuses a write, Then the index is left as it was', async () => {
    const repository = new InMemoryVectorRecordRepository();
    const store = new EmbeddedVectorStore(repository);
    await store.upsert('docs', [record('a', [1, 0], 'x')]);

    repository.failNextWrite = new Error('database down');
    await expect(store.upsert('docs', [record('b', [0, 1], 'x')])).rejects.toThrow('database down');
    repository.failNextWrite = new Error('database down');
    await expect(store.delete('docs', ['a'])).rejects.toThrow('database down');

    expect((await store.search('docs', { vector: [1, 1], k: 5 })).map((hit) => hit.id)).toEqual(['a']);
    expect(repository.calls).toEqual(['upsert docs a']);
  });

  it('When writes overlap, Then repository and index apply them in the same order', async () => {
    const repository = new InMemoryVectorRecordRepository();
    const store = new EmbeddedVectorStore(repository);

    await Promise.all([
      store.upsert('docs', [record('a', [1, 0], 'first')]),
      store.upsert('docs', [record('a', [0, 1], 'second')]),
      store.deleteWhere('docs', { topic: 'first' }),
    ]);
    const reloaded = new EmbeddedVectorStore(repository);
    await reloaded.load();

    const live = await store.search('docs', { vector: [0, 1], k: 5 });
    expect(live.map((hit) => hit.metadata.topic)).toEqual(['second']);
    expect(await reloaded.search('docs', { vector: [0, 1], k: 5 })).toEqual(live);
  });
});
