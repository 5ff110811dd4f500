import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedVectorStore, EmbeddedVectorStoreOptions } from '../../../adapters/vectors/embedded/embedded-vector-store';
import { DEFAULT_INDEX_TUNING, IndexTuning } from '../../../adapters/vectors/embedded/index-tuning';
import { Logger } from '../../../core/ports/logger.port';
import { VectorRecord } from '../../../core/ports/vector-store.port';
import { InMemoryVectorRecordRepository } from '../../fixtures/in-memory-vector-record-repository';
import { clusteredVectors, ClusteredVectors, exactTopK } from '../../fixtures/vectors/clustered-vectors';
import { eventually } from '../../support/eventually';

/** Small enough for a test, big enough that the graph (not a scan) answers. */
const TUNING: IndexTuning = { ...DEFAULT_INDEX_TUNING, bruteForceBelow: 500, exactScanBelow: 100 };
const COUNT = 3000;
const DIMENSIONS = 48;

function recordsOf(data: ClusteredVectors, from = 0, to = data.count): VectorRecord[] {
  const records: VectorRecord[] = [];
  for (let i = from; i < to; i++) records.push({ id: `r${i}`, vector: data.vector(i), metadata: { shard: i % 100, tenth: i % 10 }, content: `chunk ${i}` });
  return records;
}

function recall(found: string[], expected: number[]): number {
  const wanted = new Set(expected.map((i) => `r${i}`));
  return found.filter((id) => wanted.has(id)).length / expected.length;
}

function recordingLogger(): Logger & { messages: string[] } {
  const messages: string[] = [];
  const log = (_context: unknown, message?: string): void => {
    messages.push(message ?? String(_context));
  };
  return { messages, info: log, warn: log, error: log, debug: log } as unknown as Logger & { messages: string[] };
}

describe('EmbeddedVectorStore index', () => {
  const data = clusteredVectors(COUNT, DIMENSIONS, 30, 7);
  const queries = data.queries(40);
  let directory: string;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'vector-index-test-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  const storeOver = (repository: InMemoryVectorRecordRepository, options: EmbeddedVectorStoreOptions = {}, logger?: Logger) =>
    new EmbeddedVectorStore(repository, logger, { tuning: TUNING, snapshotDirectory: directory, snapshotEveryChanges: Infinity, ...options });

  async function filled(): Promise<{ repository: InMemoryVectorRecordRepository; store: EmbeddedVectorStore }> {
    const repository = new InMemoryVectorRecordRepository();
    const store = storeOver(repository);
    const records = recordsOf(data);
    for (let start = 0; start < records.length; start += 64) await store.upsert('kb', records.slice(start, start + 64));
    return { repository, store };
  }

  async function answers(store: EmbeddedVectorStore): Promise<string[][]> {
    const all: string[][] = [];
    for (const vector of queries.slice(0, 10)) {
      all.push((await store.search('kb', { vector, k: 10 })).map((hit) => `${hit.id}:${hit.score.toFixed(5)}:${hit.content}`));
      all.push((await store.search('kb', { vector, k: 5, filter: { tenth: 3 } })).map((hit) => hit.id));
    }
    return all;
  }

  it('When the graph answers, Then recall@10 against an exact scan is at least 0.95 and scores are exact cosines', async () => {
    const { store } = await filled();
    let total = 0;
    for (const vector of queries) {
      const hits = await store.search('kb', { vector, k: 10 });
      total += recall(
        hits.map((hit) => hit.id),
        exactTopK(data, vector, 10),
      );
      for (const hit of hits) {
        const i = Number(hit.id.slice(1));
        const q = Math.hypot(...vector);
        const exact = data.vector(i).reduce((sum, x, d) => sum + (x * vector[d]) / q, 0);
        expect(hit.score).toBeCloseTo(exact, 5);
      }
    }
    expect(total / queries.length).toBeGreaterThanOrEqual(0.95);
  });

  it('When a filter matches 1 % of the records, Then the search still returns their true top k', async () => {
    const { store } = await filled();
    for (const vector of queries) {
      const hits = await store.search('kb', { vector, k: 10, filter: { shard: 42 } });
      expect(hits.map((hit) => hit.id)).toEqual(exactTopK(data, vector, 10, (i) => i % 100 === 42).map((i) => `r${i}`));
    }
  });

  it('When a broad filter goes through the graph, Then recall@10 among the matching records stays at least 0.95', async () => {
    const { store } = await filled();
    let total = 0;
    for (const vector of queries) {
      const hits = await store.search('kb', { vector, k: 10, filter: { tenth: [2, 7] } });
      expect(hits.every((hit) => hit.metadata.tenth === 2 || hit.metadata.tenth === 7)).toBe(true);
      total += recall(
        hits.map((hit) => hit.id),
        exactTopK(data, vector, 10, (i) => i % 10 === 2 || i % 10 === 7),
      );
    }
    expect(total / queries.length).toBeGreaterThanOrEqual(0.95);
  });

  it('When a store starts from a snapshot plus later changes, Then it answers as a full rebuild does', async () => {
    const { repository, store } = await filled();
    await store.snapshot();
    await store.upsert(
      'kb',
      recordsOf(clusteredVectors(200, DIMENSIONS, 30, 99)).map((r) => ({ ...r, id: `new-${r.id}` })),
    );
    await store.upsert('kb', [{ ...recordsOf(data, 5, 6)[0], content: 'rewritten' }]);
    await store.delete('kb', ['r0', 'r1', 'r2', 'r10', 'r11']);
    await store.deleteWhere('kb', { shard: 17 });
    await store.upsert('other', [{ id: 'x', vector: [1, 2], metadata: {}, content: 'x' }]);
    await store.dropCollection('other');
    const logger = recordingLogger();

    const fromSnapshot = storeOver(repository, {}, logger);
    const rebuilt = new EmbeddedVectorStore(repository, undefined, { tuning: TUNING });
    const loaded = await fromSnapshot.load();
    await rebuilt.load();

    expect(logger.messages).toContain('vector index loaded from its snapshot');
    // 5 deleted by id, 30 old and 2 new records in shard 17; 'other' was dropped.
    expect(loaded).toBe(COUNT + 200 - 5 - 30 - 2);
    expect(await answers(fromSnapshot)).toEqual(await answers(rebuilt));
    expect(await fromSnapshot.search('other', { vector: [1, 2], k: 1 })).toEqual([]);
    expect((await fromSnapshot.search('kb', { vector: data.vector(5), k: 1 }))[0].content).toBe('rewritten');
  });

  it('When records are deleted and added after a reload from a snapshot, Then the graph drops them and reuses their space', async () => {
    const { repository, store } = await filled();
    await store.close();
    const reloaded = storeOver(repository);
    await reloaded.load();
    const nearest = (await reloaded.search('kb', { vector: queries[0], k: 10 })).map((hit) => hit.id);

    await reloaded.delete('kb', nearest);
    const after = (await reloaded.search('kb', { vector: queries[0], k: 10 })).map((hit) => hit.id);
    expect(after.filter((id) => nearest.includes(id))).toEqual([]);
    expect(
      recall(
        after,
        exactTopK(data, queries[0], 10, (i) => !nearest.includes(`r${i}`)),
      ),
    ).toBeGreaterThanOrEqual(0.9);

    await reloaded.upsert('kb', [{ id: 'fresh', vector: queries[0], metadata: { shard: 1 }, content: 'fresh' }]);
    expect((await reloaded.search('kb', { vector: queries[0], k: 1 }))[0]).toMatchObject({ id: 'fresh', content: 'fresh' });
    await reloaded.close();
    const again = storeOver(repository);
    await again.load();
    expect(await answers(again)).toEqual(await answers(reloaded));
  });

  it.each([
    ['a flipped byte in the graph', 'c0.hnsw', (bytes: Buffer) => ((bytes[bytes.length >> 1] ^= 0xff), bytes)],
    ['a truncated vector file', 'c0.vectors', (bytes: Buffer) => bytes.subarray(0, bytes.length - 4)],
    ['a flipped byte in the records', 'c0.records', (bytes: Buffer) => ((bytes[10] ^= 0x01), bytes)],
  ])('When the snapshot has %s, Then the store logs it and rebuilds from the database', async (_case, file, corrupt) => {
    const { repository, store } = await filled();
    await store.snapshot();
    const folder = (await readdir(directory)).find((name) => name.startsWith('snapshot-')) as string;
    const path = join(directory, folder, file);
    await writeFile(path, corrupt(await readFile(path)));
    const logger = recordingLogger();

    const restarted = storeOver(repository, {}, logger);
    expect(await restarted.load()).toBe(COUNT);

    expect(logger.messages).toContain('vector index snapshot unusable: rebuilding from the database');
    expect(logger.messages).toContain('vector index rebuilt from the database');
    expect(await answers(restarted)).toEqual(await answers(store));
  });

  it('When the snapshot is ahead of the database, Then it is not trusted', async () => {
    const { store } = await filled();
    await store.snapshot();
    const logger = recordingLogger();
    const emptyDatabase = new InMemoryVectorRecordRepository();

    const restarted = storeOver(emptyDatabase, {}, logger);

    expect(await restarted.load()).toBe(0);
    expect(logger.messages).toContain('vector index snapshot unusable: rebuilding from the database');
  });

  it('When N changes accumulate, Then a snapshot is written without being asked', async () => {
    const repository = new InMemoryVectorRecordRepository();
    const store = storeOver(repository, { snapshotEveryChanges: 100 });
    await store.upsert('kb', recordsOf(data, 0, 150));
    // The search waits for the snapshot's capture only; the snapshot becomes current in the background.
    await store.search('kb', { vector: queries[0], k: 1 });
    await eventually(async () => ((await readdir(directory)).includes('current') ? true : undefined));
  });

  it('When a snapshot is being completed, Then writes go on, and the snapshot holds the index as it was captured', async () => {
    const repository = new InMemoryVectorRecordRepository();
    const store = storeOver(repository);
    await store.upsert('kb', recordsOf(data, 0, 100));
    const completing = store.snapshot();
    // By the next turn of the event loop the capture holds the write queue (or is done): this write waits
    // for the capture only, then runs while the rest of the snapshot is written.
    await new Promise((resolve) => setImmediate(resolve));
    await store.upsert('kb', recordsOf(data, 100, 120));
    expect(await store.search('kb', { vector: data.vector(110), k: 1 })).toMatchObject([{ id: 'r110' }]);
    await completing;
    const current = (await readFile(join(directory, 'current'), 'utf8')).trim();
    const manifest = JSON.parse(await readFile(join(directory, current, 'manifest.json'), 'utf8')) as { collections: Array<{ slots: number }> };
    expect(manifest.collections[0].slots).toBe(100);
    const logger = recordingLogger();
    const reloaded = storeOver(repository, {}, logger);
    expect(await reloaded.load()).toBe(120);
    expect(logger.messages).toContain('vector index loaded from its snapshot');
  });
});
