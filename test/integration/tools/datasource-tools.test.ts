import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { DisabledMailer } from '../../../adapters/mail/disabled/disabled-mailer';
import { Actor } from '../../../core/domain/auth/actor';
import { DATA_SOURCE_GATEWAY } from '../../../core/ports/data-source-gateway.port';
import { DataSourceRegistry } from '../../../core/services/data-sources/data-source-registry.service';
import { DocumentCollectionManager } from '../../../core/services/data-sources/document-collection-manager.service';
import { JsonValue } from '../../../core/shared/json';
import { DatasourceCapability } from '../../../plugins/kernel/capabilities/datasource-capability';
import { createDataServices, DataServices } from '../../support/data-services';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestKernel, TEST_ACTOR, TestKernel } from '../../support/kernel-harness';
import { createTestStorage, TestStorage } from '../../support/test-database';
import { describeManifestExamples, failureOf, resultOf } from './builtin-tool-examples';

const BOB: Actor = { userId: 'user-2', role: 'user' };

let storage: TestStorage;
let services: DataServices;
let kernel: TestKernel;
let registry: DataSourceRegistry;

beforeAll(async () => {
  storage = await createTestStorage('sqlite');
  services = createDataServices(storage, { allowHosts: ['127.0.0.1'], mailer: new DisabledMailer() });
  registry = services.container.get(DataSourceRegistry);
  const documents = services.container.get(DocumentCollectionManager);

  mkdirSync(join(services.sqliteRoot, TEST_ACTOR.userId), { recursive: true });
  const db = new Database(join(services.sqliteRoot, TEST_ACTOR.userId, 'sales.db'));
  db.exec(`CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT, amount REAL, status TEXT);
    INSERT INTO orders VALUES (1, 'Acme', 200.5, 'paid'), (2, 'Globex', 120, 'paid'), (3, 'Acme', 150, 'paid'),
                              (4, 'Initech', 80, 'paid'), (5, 'Umbrella', 999, 'open');
    CREATE TABLE customers (name TEXT);`);
  db.close();
  await registry.create(TEST_ACTOR, { name: 'sales', type: 'sqlite', config: { file: 'sales.db' } });

  const crm = await registry.create(TEST_ACTOR, { name: 'crm', type: 'document' });
  await documents.insert(TEST_ACTOR, crm.id, 'orders', [
    { customer: { name: 'Globex', city: 'Lyon' }, total: 120, status: 'paid' },
    { customer: { name: 'Acme', city: 'Paris' }, total: 250, status: 'paid' },
    { customer: { name: 'Initech', city: 'Paris' }, total: 90, status: 'paid' },
    { customer: { name: 'Umbrella' }, total: 400, status: 'void' },
  ]);
  await documents.insert(TEST_ACTOR, crm.id, 'customers', [
    { name: 'Ada', city: 'Paris', email: 'ada@EXAMPLE.com' },
    { name: 'Bo', city: 'Lyon', email: 'bo@example.org' },
    { name: 'Cy', city: 'Nice', email: 'cy@example.com' },
  ]);

  kernel = await createTestKernel({
    tools: ['sql_query', 'document_db_query'],
    handlers: { datasource: new DatasourceCapability(services.container.get(DATA_SOURCE_GATEWAY)) },
  });
});
afterAll(async () => {
  await kernel?.close();
  await storage?.destroy();
});

describeManifestExamples(['sql_query', 'document_db_query'], () => kernel);

describe('sql_query', () => {
  it('When a data source is named by id, Then the rows come back and the receipt records the datasource capability', async () => {
    const [sales] = (await registry.list(TEST_ACTOR, { page: 1, pageSize: 10 })).items.filter((s) => s.name === 'sales');
    const outcome = await kernel.invoke('sql_query', { datasource: sales.id, sql: 'SELECT id, customer FROM orders WHERE id <= ? ORDER BY id', params: [2] });
    expect(outcome).toMatchObject({
      success: true,
      result: {
        datasource: 'sales',
        type: 'sqlite',
        columns: ['id', 'customer'],
        rows: [
          [1, 'Acme'],
          [2, 'Globex'],
        ],
        row_count: 2,
        truncated: false,
      },
      receipt: { capabilities_used: ['datasource'] },
    });
  });

  it('When the name differs only in case, Then it still resolves', async () => {
    expect(await resultOf(kernel, 'sql_query', { datasource: 'SALES', sql: 'SELECT COUNT(*) AS n FROM orders' })).toMatchObject({ rows: [[5]] });
  });

  it('When the data source is unknown, Then the failure lists the available ones', async () => {
    const failure = await failureOf(kernel, 'sql_query', { datasource: 'warehouse', sql: 'SELECT 1' });
    expect(failure.error).toEqual({
      code: 'runtime_error',
      reason: 'not_found',
      message: 'No data source "warehouse". Available: "crm" (document), "sales" (sqlite).',
    });
  });

  it('When another user names the data source, Then it does not exist for them', async () => {
    const outcome = await kernel.invoke('sql_query', { datasource: 'sales', sql: 'SELECT 1' }, { actor: BOB });
    expect(outcome).toMatchObject({
      success: false,
      error: { code: 'runtime_error', reason: 'not_found', message: 'No data source "sales". The user has no data sources.' },
    });
  });

  it.each([
    ['a DELETE', 'DELETE FROM orders'],
    ['an ATTACH', "ATTACH DATABASE 'x.db' AS x"],
    ['two statements', 'SELECT 1; DROP TABLE orders'],
  ])('When the SQL is %s, Then the call fails with the refusal and the table is intact', async (_name, sql) => {
    const failure = await failureOf(kernel, 'sql_query', { datasource: 'sales', sql });
    expect(failure.error).toMatchObject({ code: 'runtime_error', reason: 'invalid_argument', message: expect.stringMatching(/^Only one read-only statement/) });
    expect(await resultOf(kernel, 'sql_query', { datasource: 'sales', sql: 'SELECT COUNT(*) FROM orders' })).toMatchObject({ rows: [[5]] });
  });

  it('When the SQL is wrong, Then the database’s reason reaches the model', async () => {
    const failure = await failureOf(kernel, 'sql_query', { datasource: 'sales', sql: 'SELECT total FROM orders' });
    expect(failure.error).toEqual({ code: 'runtime_error', reason: 'invalid_argument', message: 'The database refused the query: no such column: total' });
  });

  it('When a document data source is named, Then the call fails with wrong_datasource_type, telling the model to use document_db_query', async () => {
    const failure = await failureOf(kernel, 'sql_query', { datasource: 'crm', sql: 'SELECT 1' });
    expect(failure.error).toMatchObject({ code: 'runtime_error', reason: 'wrong_datasource_type', message: expect.stringContaining('use document_db_query') });
  });

  it('When the input has extra fields or too many rows are asked, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'sql_query', { datasource: 'sales', sql: 'SELECT 1', max_rows: 5000 })).error.code).toBe('invalid_input');
    expect((await failureOf(kernel, 'sql_query', { datasource: 'sales', sql: 'SELECT 1', database: 'x' })).error.code).toBe('invalid_input');
  });
});

describe('document_db_query', () => {
  it('When no filter is given, Then every document comes back with its _id, up to the limit', async () => {
    const result = await resultOf<{ documents: Array<{ _id: string; name: string }>; truncated: boolean; count: number }>(kernel, 'document_db_query', {
      datasource: 'crm',
      collection: 'customers',
      limit: 2,
    });
    expect(result.documents.map((d) => d.name)).toEqual(['Ada', 'Bo']);
    expect(result.documents[0]._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result).toMatchObject({ count: 2, truncated: true });
  });

  it('When skip pages through a sorted collection, Then the next page follows', async () => {
    const result = await resultOf(kernel, 'document_db_query', {
      datasource: 'crm',
      collection: 'orders',
      sort: { total: 1 },
      skip: 1,
      limit: 2,
      projection: { _id: 0, total: 1 },
    });
    expect(result).toMatchObject({ documents: [{ total: 120 }, { total: 250 }], truncated: true });
  });

  it('When the filter is malformed, Then the failure names the offending place', async () => {
    const failure = await failureOf(kernel, 'document_db_query', { datasource: 'crm', collection: 'orders', filter: { total: { $where: 'sleep(1000)' } } });
    expect(failure.error).toEqual({
      code: 'runtime_error',
      reason: 'invalid_argument',
      message: 'Invalid document query: filter.total.$where is not a supported operator',
    });
  });

  it('When a catastrophic regex meets values that take a backtracking engine hours, Then it answers at once (the matcher is linear)', async () => {
    // `^(a+)+$` against 40 a's and a "!" takes JavaScript's RegExp about 2^40 steps.
    const crm = (await registry.list(TEST_ACTOR, { page: 1, pageSize: 10 })).items.find((s) => s.name === 'crm');
    await services.container
      .get(DocumentCollectionManager)
      .insert(TEST_ACTOR, crm!.id, 'hostile', [{ code: `${'a'.repeat(40)}!` }, { code: 'a'.repeat(40) }, { code: `${'a'.repeat(5000)}!` }]);
    const started = performance.now();
    const result = await resultOf<{ documents: Array<{ code: string }>; count: number }>(kernel, 'document_db_query', {
      datasource: 'crm',
      collection: 'hostile',
      filter: { code: { $regex: '^(a+)+$' } },
      projection: { _id: 0, code: 1 },
    });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result).toMatchObject({ documents: [{ code: 'a'.repeat(40) }], count: 1 });
  });

  it('When a SQL data source is named, Then the call fails with wrong_datasource_type, telling the model to use sql_query', async () => {
    expect((await failureOf(kernel, 'document_db_query', { datasource: 'sales', collection: 'orders' })).error).toMatchObject({
      reason: 'wrong_datasource_type',
      message: expect.stringContaining('use sql_query'),
    });
  });
});

describeWithEnv('DATABASE_URL', 'sql_query on a MariaDB data source', (databaseUrl) => {
  const url = new URL(databaseUrl || 'mysql://root@127.0.0.1:3306/test');
  const database = `dst_${randomBytes(6).toString('hex')}`;

  async function admin(sql: string): Promise<void> {
    const connection = await createConnection({ uri: databaseUrl, multipleStatements: true });
    try {
      await connection.query(sql);
    } finally {
      await connection.end();
    }
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE \`${database}\`; CREATE TABLE \`${database}\`.metrics (day DATE, visits INT);
      INSERT INTO \`${database}\`.metrics VALUES ('2024-05-01', 10), ('2024-05-02', 25);`);
    await registry.create(TEST_ACTOR, {
      name: 'analytics',
      type: 'mysql',
      config: { host: url.hostname, port: Number(url.port || 3306), database, user: decodeURIComponent(url.username) },
      password: url.password ? decodeURIComponent(url.password) : undefined,
    });
  });
  afterAll(() => admin(`DROP DATABASE IF EXISTS \`${database}\``));

  it('When the model queries MariaDB through the tool, Then the rows come back with dates as text', async () => {
    const result = await resultOf(kernel, 'sql_query', {
      datasource: 'analytics',
      sql: 'SELECT day, visits FROM metrics WHERE visits > ? ORDER BY day',
      params: [5],
    });
    expect(result).toEqual({
      datasource: 'analytics',
      type: 'mysql',
      columns: ['day', 'visits'],
      rows: [
        ['2024-05-01', 10],
        ['2024-05-02', 25],
      ],
      row_count: 2,
      truncated: false,
    } as JsonValue);
  });

  it('When the model tries to write, Then the call fails and the table is unchanged', async () => {
    expect((await failureOf(kernel, 'sql_query', { datasource: 'analytics', sql: 'DELETE FROM metrics' })).error.message).toMatch(
      /^Only one read-only statement/,
    );
    expect(await resultOf(kernel, 'sql_query', { datasource: 'analytics', sql: 'SELECT COUNT(*) AS n FROM metrics' })).toMatchObject({ rows: [[2]] });
  });
});
