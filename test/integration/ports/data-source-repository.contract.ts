import { randomUUID } from 'node:crypto';
import { DataSource } from '../../../core/domain/data-source/data-source.entity';
import { DataSourceNameTakenError } from '../../../core/domain/data-source/data-source.errors';
import { DataSourceRepository } from '../../../core/ports/data-source-repository.port';
import { DocumentCollectionRepository } from '../../../core/ports/document-collection-repository.port';

export interface DataSourceRepositoryHarness {
  sources: DataSourceRepository;
  /** To check that deleting a data source deletes its documents. */
  documents: DocumentCollectionRepository;
  destroy(): Promise<void>;
}

export function aDataSource(overrides: Partial<DataSource> = {}): DataSource {
  const id = randomUUID();
  return {
    id,
    ownerId: randomUUID(),
    name: `Source ${id.slice(0, 8)}`,
    type: 'mysql',
    config: { host: 'db.example.com', port: 3306, database: 'shop', user: 'reader', ssl: true },
    sealedSecret: 'v1.sealed.secret.tag',
    createdAt: new Date('2024-05-06T07:08:09.123Z'),
    ...overrides,
  } as DataSource;
}

export function describeDataSourceRepositoryContract(name: string, makeHarness: () => Promise<DataSourceRepositoryHarness>): void {
  describe(name, () => {
    let harness: DataSourceRepositoryHarness;
    const sources = (): DataSourceRepository => harness.sources;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When a data source is created, Then it reads back with every field unchanged', async () => {
      const mysql = aDataSource();
      const sqlite = aDataSource({ type: 'sqlite', config: { file: 'sales/2024.db' }, sealedSecret: null } as Partial<DataSource>);
      const document = aDataSource({ type: 'document', config: {}, sealedSecret: null, name: 'Ünïcode 数据' } as Partial<DataSource>);
      for (const source of [mysql, sqlite, document]) await sources().create(source);
      expect(await sources().findById(mysql.id)).toEqual(mysql);
      expect(await sources().findById(sqlite.id)).toEqual(sqlite);
      expect(await sources().findById(document.id)).toEqual(document);
      expect(await sources().findById(randomUUID())).toBeNull();
    });

    it('When an owner reuses a name, Then the create fails with a conflict, but names may differ only by case and repeat across owners', async () => {
      const first = aDataSource({ name: 'Warehouse' });
      await sources().create(first);
      await expect(sources().create(aDataSource({ ownerId: first.ownerId, name: 'Warehouse' }))).rejects.toBeInstanceOf(DataSourceNameTakenError);
      await expect(sources().create(aDataSource({ ownerId: first.ownerId, name: 'warehouse' }))).resolves.toBeUndefined();
      await expect(sources().create(aDataSource({ name: 'Warehouse' }))).resolves.toBeUndefined();
    });

    it('When listing, Then only the owner’s are counted and paged by name, and undefined lists every owner', async () => {
      const ownerId = randomUUID();
      const names = ['delta', 'alpha', 'charlie', 'bravo'];
      for (const name of names) await sources().create(aDataSource({ ownerId, name }));
      await sources().create(aDataSource({ name: 'other owner' }));
      const page = await sources().list(ownerId, 1, 2);
      expect(page.total).toBe(4);
      expect(page.items.map((s) => s.name)).toEqual(['bravo', 'charlie']);
      const everyone = await sources().list(undefined, 0, 1000);
      expect(everyone.total).toBeGreaterThan(4);
    });

    it('When a data source is deleted, Then it and its documents are gone, and a second delete reports false', async () => {
      const source = aDataSource({ type: 'document', config: {}, sealedSecret: null } as Partial<DataSource>);
      await sources().create(source);
      await harness.documents.insert([{ id: randomUUID(), dataSourceId: source.id, collection: 'c', body: { a: 1 }, createdAt: new Date() }]);
      expect(await sources().delete(source.id)).toBe(true);
      expect(await sources().findById(source.id)).toBeNull();
      expect(await harness.documents.count(source.id, 'c')).toBe(0);
      expect(await sources().delete(source.id)).toBe(false);
    });
  });
}
