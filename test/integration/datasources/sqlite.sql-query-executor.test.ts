import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteQueryExecutor } from '../../../adapters/datasources/sqlite/sqlite-query-executor';
import { SqlStatement, SqlTarget } from '../../../core/ports/sql-query-executor.port';
import { DomainError } from '../../../core/shared/domain-error';

const OWNER = 'owner-1';
let root: string;
let dbFile: string;
let executor: SqliteQueryExecutor;

const target = (file = 'shop.db', ownerId = OWNER): SqlTarget => ({ dialect: 'sqlite', ownerId, file });
const statement = (sql: string, extra: Partial<SqlStatement> = {}): SqlStatement => ({
  sql,
  params: [],
  maxRows: 100,
  maxChars: 1_000_000,
  timeoutMs: 5000,
  ...extra,
});

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

function orderCount(): number {
  const db = new Database(dbFile, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'sqlite-datasources-'));
  mkdirSync(join(root, OWNER, 'nested'), { recursive: true });
  mkdirSync(join(root, 'owner-2'), { recursive: true });
  dbFile = join(root, OWNER, 'shop.db');
  const db = new Database(dbFile);
  db.exec(`CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT, amount REAL, status TEXT, receipt BLOB, big INTEGER);
           INSERT INTO orders VALUES (1, 'Acme', 200.5, 'paid', x'00ff10', 9007199254740993), (2, 'Globex', 120, 'paid', NULL, 1),
                                     (3, 'Acme', 150, 'paid', NULL, 2), (4, 'Initech', 80, 'open', NULL, 3);`);
  db.close();
  writeFileSync(join(root, OWNER, 'nested', 'not-a-db.db'), 'hello, this is text');
  new Database(join(root, 'owner-2', 'secret.db')).exec("CREATE TABLE secrets (s TEXT); INSERT INTO secrets VALUES ('top')");
  symlinkSync(join(root, 'owner-2', 'secret.db'), join(root, OWNER, 'link.db'));
  executor = new SqliteQueryExecutor(root, { processes: 2, idleMs: 5000 });
});
afterAll(async () => {
  await executor.close();
  rmSync(root, { recursive: true, force: true });
});

describe('SqliteQueryExecutor', () => {
  it('When a SELECT runs with parameters, Then the values are bound, never spliced into the SQL', async () => {
    const result = await executor.execute(
      target(),
      statement('SELECT id, customer FROM orders WHERE customer = ? AND amount > ? ORDER BY id', { params: ['Acme', 100] }),
    );
    expect(result).toEqual({
      columns: ['id', 'customer'],
      rows: [
        [1, 'Acme'],
        [3, 'Acme'],
      ],
      truncated: false,
    });
    const injected = await executor.execute(target(), statement('SELECT id FROM orders WHERE customer = ?', { params: ["x' OR '1'='1"] }));
    expect(injected.rows).toEqual([]);
  });

  it('When cells are binary, booleans or big integers, Then they come back as JSON (base64, 1/0, nearest number)', async () => {
    const result = await executor.execute(target(), statement('SELECT receipt, ? AS flag, amount, big FROM orders WHERE id = 1', { params: [true] }));
    expect(result.rows).toEqual([['AP8Q', 1, 200.5, 9007199254740992]]);
  });

  it('When more rows match than the row cap, Then the answer is cut and truncated', async () => {
    expect(await executor.execute(target(), statement('SELECT id FROM orders ORDER BY id', { maxRows: 2 }))).toEqual({
      columns: ['id'],
      rows: [[1], [2]],
      truncated: true,
    });
    expect(await executor.execute(target(), statement('SELECT id FROM orders ORDER BY id', { maxRows: 4 }))).toMatchObject({ truncated: false });
  });

  it('When the answer would pass the size cap, Then it stops growing and is truncated', async () => {
    const result = await executor.execute(target(), statement("SELECT printf('%.1000c', 'x') FROM orders", { maxChars: 2500 }));
    expect(result.rows).toHaveLength(2);
    expect(result.truncated).toBe(true);
  });

  it.each([
    ['an INSERT', "INSERT INTO orders (customer) VALUES ('Mallory')", 'returns no rows'],
    ['a DELETE', 'DELETE FROM orders', 'returns no rows'],
    ['an UPDATE with RETURNING', "UPDATE orders SET status = 'void' RETURNING id", 'would write'],
    ['an ATTACH of another owner’s file', "ATTACH DATABASE '<root>/owner-2/secret.db' AS stolen", 'returns no rows'],
    ['a writing PRAGMA', 'PRAGMA user_version = 7', 'returns no rows'],
    ['a CREATE', 'CREATE TABLE t (x)', 'returns no rows'],
    ['several statements', 'SELECT 1; DELETE FROM orders', 'several statements'],
  ])('When %s reaches the executor itself, Then the database refuses it and nothing changes', async (_name, sql, reason) => {
    const error = await errorOf(executor.execute(target(), statement(sql.replace('<root>', root))));
    expect(error.code).toBe('data_source.validation');
    expect(error.message).toMatch(/^Only one read-only statement/);
    expect(error.message).toContain(reason);
    expect(orderCount()).toBe(4);
  });

  it('When the SQL is wrong, Then the database’s reason is passed on', async () => {
    const error = await errorOf(executor.execute(target(), statement('SELECT nope FROM orders')));
    expect(error).toMatchObject({ code: 'data_source.validation', message: 'The database refused the query: no such column: nope' });
    expect((await errorOf(executor.execute(target(), statement('SELECT ?', { params: [] })))).code).toBe('data_source.validation');
  });

  it('When a query runs past its timeout, Then it is stopped, and the next query still answers', async () => {
    const endless = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c';
    const error = await errorOf(executor.execute(target(), statement(endless, { timeoutMs: 300 })));
    expect(error).toMatchObject({ code: 'data_source.upstream_timeout', message: 'The query did not finish within 300 ms' });
    expect((await executor.execute(target(), statement('SELECT 42 AS answer'))).rows).toEqual([[42]]);
  });

  it('When the caller gives up, Then the query is stopped', async () => {
    const controller = new AbortController();
    const running = executor.execute(
      target(),
      statement('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c', { signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 100);
    expect((await errorOf(running)).message).toBe('The query was cancelled');
  });

  it('When several queries arrive at once, Then they all answer (queued behind the worker processes)', async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => executor.execute(target(), statement('SELECT ?', { params: [n] }))));
    expect(answers.map((a) => a.rows[0][0])).toEqual([1, 2, 3, 4, 5]);
  });

  it.each([
    ['a path with ..', '../owner-2/secret.db', 'data_source.validation'],
    ['an absolute path', '/etc/passwd', 'data_source.validation'],
    ['a symlink that leads to another owner', 'link.db', 'data_source.validation'],
    ['a missing file', 'missing.db', 'data_source.upstream_error'],
    ['a file that is not SQLite', 'nested/not-a-db.db', 'data_source.upstream_error'],
  ])('When the file is %s, Then it is not opened', async (_name, file, code) => {
    expect((await errorOf(executor.execute(target(file), statement('SELECT 1')))).code).toBe(code);
  });

  it('When the owner id is not a plain id, Then nothing is opened', async () => {
    expect((await errorOf(executor.execute(target('shop.db', '../owner-1'), statement('SELECT 1')))).code).toBe('data_source.validation');
  });
});
