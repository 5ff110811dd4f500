import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { DisabledMailer } from '../../../adapters/mail/disabled/disabled-mailer';
import { Actor } from '../../../core/domain/auth/actor';
import { DataSource } from '../../../core/domain/data-source/data-source.entity';
import { DATA_SOURCE_GATEWAY, DataSourceGateway } from '../../../core/ports/data-source-gateway.port';
import { DataSourceRegistry } from '../../../core/services/data-sources/data-source-registry.service';
import { DocumentCollectionManager } from '../../../core/services/data-sources/document-collection-manager.service';
import { DomainError } from '../../../core/shared/domain-error';
import { JsonValue } from '../../../core/shared/json';
import { createDataServices, DataServices } from '../../support/data-services';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage, TestStorage } from '../../support/test-database';

const ALICE: Actor = { userId: 'a1111111-1111-4111-8111-111111111111', role: 'user' };
const BOB: Actor = { userId: 'b2222222-2222-4222-8222-222222222222', role: 'user' };
const ADMIN: Actor = { userId: 'c3333333-3333-4333-8333-333333333333', role: 'admin' };

let storage: TestStorage;
let services: DataServices;
let registry: DataSourceRegistry;
let documents: DocumentCollectionManager;
let gateway: DataSourceGateway;

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

function startServices(allowHosts: string[] = []): void {
  services = createDataServices(storage, { allowHosts, mailer: new DisabledMailer() });
  registry = services.container.get(DataSourceRegistry);
  documents = services.container.get(DocumentCollectionManager);
  gateway = services.container.get(DATA_SOURCE_GATEWAY);
}

function sqliteFileOf(owner: Actor, file: string, sql: string): void {
  mkdirSync(join(services.sqliteRoot, owner.userId), { recursive: true });
  const db = new Database(join(services.sqliteRoot, owner.userId, file));
  db.exec(sql);
  db.close();
}

beforeAll(async () => {
  storage = await createTestStorage('sqlite');
  startServices();
});
afterAll(() => storage.destroy());

describe('DataSourceRegistry', () => {
  it('When data sources are created, Then owners list their own, admins list all, and each create is audited', async () => {
    const sqlite = await registry.create(ALICE, { name: ' Sales ', type: 'sqlite', config: { file: 'sales.db' } });
    const docs = await registry.create(ALICE, { name: 'CRM', type: 'document' });
    await registry.create(BOB, { name: 'Bob’s', type: 'document' });
    expect(sqlite).toMatchObject({ ownerId: ALICE.userId, name: 'Sales', type: 'sqlite', config: { file: 'sales.db' }, sealedSecret: null });
    expect((await registry.list(ALICE, { page: 1, pageSize: 20 })).items.map((s) => s.id)).toEqual([docs.id, sqlite.id]);
    expect((await registry.list(ADMIN, { page: 1, pageSize: 20 })).total).toBe(3);
    expect(await gateway.list(ALICE)).toEqual([
      { id: docs.id, name: 'CRM', type: 'document' },
      { id: sqlite.id, name: 'Sales', type: 'sqlite' },
    ]);
    expect(services.queue.auditActions()).toEqual(['data_source.create', 'data_source.create', 'data_source.create']);
  });

  it('When a MySQL data source is created, Then its password is stored sealed, never as plaintext', async () => {
    const source = await registry.create(ALICE, {
      name: 'Warehouse',
      type: 'mysql',
      config: { host: 'db.example.com', database: 'shop', user: 'reader' },
      password: 'pa55-Word!',
    });
    expect(source.config).toEqual({ host: 'db.example.com', port: 3306, database: 'shop', user: 'reader', ssl: false });
    const [row] = (await storage.dataSource.query('SELECT config, sealed_secret FROM data_sources WHERE id = ?', [source.id])) as Array<{
      config: string;
      sealed_secret: string;
    }>;
    expect(row.config).not.toContain('pa55');
    expect(row.sealed_secret).toMatch(/^v1\./);
    expect(row.sealed_secret).not.toContain('pa55');
  });

  it('When the description is wrong, Then every problem is reported at once', async () => {
    const error = await errorOf(
      registry.create(ALICE, { name: '', type: 'mysql', config: { host: 'bad host!', port: 70000, database: 'a b', user: '', extra: 1 } }),
    );
    expect(error.code).toBe('data_source.validation');
    expect(error.details?.map((d) => d.field).sort()).toEqual(['config.database', 'config.extra', 'config.host', 'config.port', 'config.user', 'name']);
    expect((await errorOf(registry.create(ALICE, { name: 'x', type: 'sqlite', config: { file: '../escape.db' } }))).details?.[0].field).toBe('config.file');
    expect((await errorOf(registry.create(ALICE, { name: 'x', type: 'redis' }))).details?.[0].field).toBe('type');
  });

  it('When an owner reuses a name, Then it is a conflict', async () => {
    await registry.create(BOB, { name: 'Dup', type: 'document' });
    expect((await errorOf(registry.create(BOB, { name: 'Dup', type: 'document' }))).code).toBe('data_source.conflict');
  });

  it('When another user reads or deletes a data source, Then it is not found; an admin may delete it', async () => {
    const source = await registry.create(ALICE, { name: 'Private', type: 'document' });
    expect((await errorOf(registry.get(BOB, source.id))).code).toBe('data_source.not_found');
    expect((await errorOf(registry.delete(BOB, source.id))).code).toBe('data_source.not_found');
    await registry.delete(ADMIN, source.id);
    expect((await errorOf(registry.get(ALICE, source.id))).code).toBe('data_source.not_found');
  });
});

describe('SQL queries on a SQLite data source', () => {
  let source: DataSource;

  beforeAll(async () => {
    sqliteFileOf(
      ALICE,
      'shop.db',
      `CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT, amount REAL);
      INSERT INTO orders VALUES (1, 'Acme', 200.5), (2, 'Globex', 120), (3, 'Acme', 150);`,
    );
    source = await registry.create(ALICE, { name: 'Shop', type: 'sqlite', config: { file: 'shop.db' } });
  });

  it('When the owner queries with parameters and a row cap, Then the rows come back, cut and marked truncated', async () => {
    const result = await gateway.query(ALICE, {
      dataSourceId: source.id,
      query: 'SELECT id FROM orders WHERE amount > ? ORDER BY id',
      params: [100],
      maxRows: 2,
    });
    expect(result).toEqual({ columns: ['id'], rows: [[1], [2]], truncated: true });
  });

  it('When another user queries it, Then it is not found; an admin may query it', async () => {
    expect((await errorOf(gateway.query(BOB, { dataSourceId: source.id, query: 'SELECT 1' }))).code).toBe('data_source.not_found');
    expect((await gateway.query(ADMIN, { dataSourceId: source.id, query: 'SELECT COUNT(*) FROM orders' })).rows).toEqual([[3]]);
  });

  it.each([
    ["INSERT INTO orders VALUES (9, 'x', 1)"],
    ['DELETE FROM orders'],
    ["ATTACH DATABASE 'other.db' AS o"],
    ['PRAGMA journal_mode = DELETE'],
    ['SELECT 1; DELETE FROM orders'],
  ])('When the query is %s, Then the guard refuses it before the database sees it', async (query) => {
    const error = await errorOf(gateway.query(ALICE, { dataSourceId: source.id, query }));
    expect(error.code).toBe('data_source.validation');
    expect(error.message).toMatch(/^Only one read-only statement/);
    expect((await gateway.query(ALICE, { dataSourceId: source.id, query: 'SELECT COUNT(*) FROM orders' })).rows).toEqual([[3]]);
  });

  it('When a parameter is not a plain value, Then the query is refused', async () => {
    const error = await errorOf(gateway.query(ALICE, { dataSourceId: source.id, query: 'SELECT ?', params: [{ a: 1 } as JsonValue] }));
    expect(error.details?.[0].field).toBe('params[0]');
  });
});

describe('document data sources', () => {
  let crm: DataSource;

  beforeAll(async () => {
    crm = await registry.create(ALICE, { name: 'Orders DB', type: 'document' });
    await documents.insert(ALICE, crm.id, 'orders', [
      { customer: { name: 'Acme', city: 'Paris' }, total: 250, status: 'paid', tags: ['vip'] },
      { customer: { name: 'Globex', city: 'Lyon' }, total: 120, status: 'paid' },
      { customer: { name: 'Initech', city: 'Paris' }, total: 80, status: 'open' },
      { customer: { name: 'Umbrella' }, total: 400, status: 'void' },
    ]);
  });

  const run = (query: object, maxRows?: number) => gateway.query(ALICE, { dataSourceId: crm.id, query: JSON.stringify(query), maxRows });

  it('When documents are queried with a filter, a sort and a projection, Then the matching ones come back in order', async () => {
    const result = await run({
      collection: 'orders',
      filter: { status: 'paid', 'customer.city': { $in: ['Paris', 'Lyon'] } },
      sort: { total: -1 },
      projection: { _id: 0, 'customer.name': 1, total: 1 },
    });
    expect(result).toEqual({
      columns: ['document'],
      rows: [[{ customer: { name: 'Acme' }, total: 250 }], [{ customer: { name: 'Globex' }, total: 120 }]],
      truncated: false,
    });
  });

  it('When more documents match than the row cap, Then the answer is truncated and each keeps its _id', async () => {
    const result = await run({ collection: 'orders', filter: { total: { $gte: 100 } } }, 2);
    expect(result.truncated).toBe(true);
    expect(result.rows.map(([d]) => (d as { _id: string })._id)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), expect.any(String)]);
  });

  it('When the documents would pass the answer’s size cap, Then the answer stops before it and is truncated', async () => {
    await documents.insert(
      ALICE,
      crm.id,
      'notes',
      ['a', 'b', 'c'].map((letter) => ({ text: letter.repeat(800) })),
    );
    const query = JSON.stringify({ collection: 'notes' });
    const whole = await gateway.query(ALICE, { dataSourceId: crm.id, query });
    const firstTwo = JSON.stringify(whole.rows.slice(0, 2)).length;
    const capped = await gateway.query(ALICE, { dataSourceId: crm.id, query, maxChars: firstTwo + 10 });
    expect(capped).toEqual({ columns: ['document'], rows: whole.rows.slice(0, 2), truncated: true });
    expect(whole).toMatchObject({ truncated: false, rows: [[{ text: 'a'.repeat(800) }], [{ text: 'b'.repeat(800) }], [{ text: 'c'.repeat(800) }]] });
  });

  it('When a regex, $exists and $or combine, Then they apply together', async () => {
    const result = await run({
      collection: 'orders',
      filter: { $or: [{ tags: { $exists: true } }, { 'customer.name': { $regex: '^umb', $options: 'i' } }] },
      projection: { _id: 0, total: 1 },
    });
    expect(result.rows).toEqual([[{ total: 250 }], [{ total: 400 }]]);
  });

  it('When the query is not a document query, or carries params, Then it is refused', async () => {
    expect((await errorOf(gateway.query(ALICE, { dataSourceId: crm.id, query: 'SELECT * FROM orders' }))).code).toBe('data_source.validation');
    expect((await errorOf(gateway.query(ALICE, { dataSourceId: crm.id, query: '{"collection":"orders"}', params: [1] }))).details?.[0].field).toBe('params');
  });

  it('When documents are inserted wrongly or by someone else, Then nothing is stored', async () => {
    const bad = await errorOf(documents.insert(ALICE, crm.id, 'orders', [{ _id: 'mine' }, 42, {}]));
    expect(bad.details?.map((d) => d.field)).toEqual(['documents[0]._id', 'documents[1]']);
    expect((await errorOf(documents.insert(BOB, crm.id, 'orders', [{}]))).code).toBe('data_source.not_found');
    expect((await documents.collections(ALICE, crm.id)).find((c) => c.name === 'orders')).toEqual({ name: 'orders', documents: 4 });
  });

  it('When the data source is deleted, Then its documents go with it', async () => {
    const temp = await registry.create(ALICE, { name: 'Temp docs', type: 'document' });
    await documents.insert(ALICE, temp.id, 'c', [{ a: 1 }, { a: 2 }]);
    await registry.delete(ALICE, temp.id);
    const [{ n }] = (await storage.dataSource.query('SELECT COUNT(*) AS n FROM data_source_documents WHERE data_source_id = ?', [temp.id])) as Array<{
      n: number;
    }>;
    expect(n).toBe(0);
  });
});

describeWithEnv('DATABASE_URL', 'SQL queries on a MariaDB data source', (databaseUrl) => {
  const url = new URL(databaseUrl || 'mysql://root@127.0.0.1:3306/test');
  const database = `dsq_${randomBytes(6).toString('hex')}`;
  const reader = `reader_${randomBytes(4).toString('hex')}`;
  const password = `Pw-${randomBytes(8).toString('hex')}`;
  let source: DataSource;

  async function admin(sql: string): Promise<void> {
    const connection = await createConnection({ uri: databaseUrl, multipleStatements: true });
    try {
      await connection.query(sql);
    } finally {
      await connection.end();
    }
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE \`${database}\`;
      CREATE TABLE \`${database}\`.stock (sku VARCHAR(16) PRIMARY KEY, qty INT);
      INSERT INTO \`${database}\`.stock VALUES ('a-1', 5), ('b-2', 0), ('c-3', 12);
      CREATE USER '${reader}'@'%' IDENTIFIED BY '${password}';
      CREATE USER '${reader}'@'localhost' IDENTIFIED BY '${password}';
      GRANT SELECT ON \`${database}\`.* TO '${reader}'@'%';
      GRANT SELECT ON \`${database}\`.* TO '${reader}'@'localhost';`);
    source = await registry.create(ALICE, {
      name: `Stock ${database}`,
      type: 'mysql',
      config: { host: url.hostname, port: Number(url.port || 3306), database, user: reader },
      password,
    });
  });
  afterAll(async () => {
    startServices();
    await admin(`DROP DATABASE IF EXISTS \`${database}\`; DROP USER IF EXISTS '${reader}'@'%'; DROP USER IF EXISTS '${reader}'@'localhost';`);
  });

  it('When the server is on a loopback address the operator has not allow-listed, Then the egress guard refuses to connect', async () => {
    startServices([]);
    expect((await errorOf(gateway.query(ALICE, { dataSourceId: source.id, query: 'SELECT 1' }))).code).toBe('egress.forbidden_target');
  });

  it('When the address is allow-listed, Then the sealed password is opened for the call and the query runs', async () => {
    startServices([url.hostname]);
    const result = await gateway.query(ALICE, { dataSourceId: source.id, query: 'SELECT sku, qty FROM stock WHERE qty > ? ORDER BY sku', params: [1] });
    expect(result).toEqual({
      columns: ['sku', 'qty'],
      rows: [
        ['a-1', 5],
        ['c-3', 12],
      ],
      truncated: false,
    });
  });

  it('When a write or a long query is attempted, Then the guard refuses the write and the server timeout stops the sleep', async () => {
    startServices([url.hostname]);
    expect((await errorOf(gateway.query(ALICE, { dataSourceId: source.id, query: 'UPDATE stock SET qty = 0' }))).message).toMatch(
      /^Only one read-only statement/,
    );
    const slow = await errorOf(gateway.query(ALICE, { dataSourceId: source.id, query: 'SELECT SLEEP(3)', timeoutMs: 400 }));
    expect(slow.code).toBe('data_source.upstream_timeout');
  });
});
