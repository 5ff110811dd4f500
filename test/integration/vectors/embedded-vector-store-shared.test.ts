import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StorageKind } from '../../../adapters/config/app-config';
import { createContainer } from '../../../adapters/composition/create-container';
import { createStorage, Storage } from '../../../adapters/storage/storage.module';
import { EmbeddedVectorStore } from '../../../adapters/vectors/embedded/embedded-vector-store';
import { VECTOR_RECORD_REPOSITORY, VectorRecordRepository } from '../../../core/ports/vector-record-repository.port';
import { VectorRecord } from '../../../core/ports/vector-store.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage, TestStorage } from '../../support/test-database';

const record = (id: string, vector: number[], topic = 'x'): VectorRecord => ({ id, vector, metadata: { topic }, content: `text ${id}` });

/** Two stores, each on its own connection to one database, as two processes would be. */
function describeSharedDatabase(kind: StorageKind): void {
  describe(`EmbeddedVectorStore instances sharing one ${kind} database`, () => {
    let first: TestStorage;
    let second: Storage;
    let one: EmbeddedVectorStore;
    let other: EmbeddedVectorStore;

    beforeAll(async () => {
      first = await createTestStorage(kind);
      second = await createStorage(first.config);
    });
    afterAll(async () => {
      await second?.close();
      await first?.destroy();
    });
    beforeEach(async () => {
      one = new EmbeddedVectorStore(first.get(VECTOR_RECORD_REPOSITORY));
      other = new EmbeddedVectorStore(repositoryOf(second));
      await Promise.all([one.load(), other.load()]);
    });

    it('When one store writes, Then the other finds the record on its next search', async () => {
      await one.upsert('kb', [record('a', [1, 0, 0]), record('b', [0, 1, 0])]);

      expect((await other.search('kb', { vector: [1, 0.1, 0], k: 5 })).map((hit) => hit.id)).toEqual(['a', 'b']);

      await one.upsert('kb', [record('a', [0, 0, 1], 'moved')]);
      expect(await other.search('kb', { vector: [0, 0, 1], k: 1 })).toEqual([{ id: 'a', score: 1, metadata: { topic: 'moved' }, content: 'text a' }]);
    });

    it('When one store deletes, Then the record disappears from the other', async () => {
      await other.upsert('docs', [record('a', [1, 0]), record('b', [1, 1], 'y'), record('c', [0, 1], 'y')]);
      expect(await one.search('docs', { vector: [1, 0], k: 5 })).toHaveLength(3);

      await one.delete('docs', ['a']);
      expect((await other.search('docs', { vector: [1, 0], k: 5 })).map((hit) => hit.id)).toEqual(['b', 'c']);

      await other.deleteWhere('docs', { topic: 'y' });
      expect(await one.search('docs', { vector: [1, 0], k: 5 })).toEqual([]);
    });

    it('When one store drops a collection and rebuilds it with other dimensions, Then the other follows', async () => {
      await one.upsert('kb2', [record('a', [1, 0])]);
      expect(await other.search('kb2', { vector: [1, 0], k: 1 })).toHaveLength(1);

      await other.dropCollection('kb2');
      await other.upsert('kb2', [record('z', [0, 0, 1])]);

      expect((await one.search('kb2', { vector: [0, 0, 1], k: 5 })).map((hit) => hit.id)).toEqual(['z']);
    });

    it('When the change log is pruned past a store, Then that store rebuilds from the database on its next search', async () => {
      const snapshotDirectory = await mkdtemp(join(tmpdir(), 'vector-snapshots-'));
      try {
        const pruning = new EmbeddedVectorStore(first.get(VECTOR_RECORD_REPOSITORY), undefined, { snapshotDirectory, changeLogKeepSequences: 1 });
        await pruning.load();
        await other.search('pruned', { vector: [1, 0], k: 1 });
        for (let n = 0; n < 4; n++) await pruning.upsert('pruned', [record(`p${n}`, [1, n])]);
        await pruning.delete('pruned', ['p0']);
        await pruning.snapshot();
        await pruning.close();
        const repository = repositoryOf(second);
        expect((await repository.changesSince((await repository.latestSequence()) - 2, 10)).lost).toBe(true);

        expect((await other.search('pruned', { vector: [1, 0], k: 10 })).map((hit) => hit.id).sort()).toEqual(['p1', 'p2', 'p3']);
      } finally {
        await rm(snapshotDirectory, { recursive: true, force: true });
      }
    });

    it('When both stores write in turn, Then both end with the same index', async () => {
      for (let n = 0; n < 20; n++) {
        const writer = n % 2 === 0 ? one : other;
        await writer.upsert('mixed', [record(`r${n}`, [1, n, n % 3])]);
        if (n % 5 === 4) await writer.delete('mixed', [`r${n - 2}`]);
      }
      const query = { vector: [1, 4, 1], k: 30 };
      expect(await one.search('mixed', query)).toEqual(await other.search('mixed', query));
      expect(await one.search('mixed', query)).toHaveLength(16);
    });
  });
}

function repositoryOf(storage: Storage): VectorRecordRepository {
  const container = createContainer();
  container.loadSync(storage.module);
  return container.get(VECTOR_RECORD_REPOSITORY);
}

describeSharedDatabase('sqlite');
describeWithEnv('DATABASE_URL', 'on MariaDB', () => describeSharedDatabase('mysql'));
