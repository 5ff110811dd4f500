import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { MysqlQueryExecutor } from '../../../adapters/datasources/mysql/mysql-query-executor';
import { SqlStatement, SqlTarget } from '../../../core/ports/sql-query-executor.port';
import { DomainError } from '../../../core/shared/domain-error';
import { describeWithEnv } from '../../support/infrastructure';

describeWithEnv('DATABASE_URL', 'MysqlQueryExecutor on MariaDB', (databaseUrl) => {
  const url = new URL(databaseUrl || 'mysql://root@127.0.0.1:3306/test');
  const database = `ds_${randomBytes(6).toString('hex')}`;
  const executor = new MysqlQueryExecutor();
  const target = (overrides: Partial<Extract<SqlTarget, { dialect: 'mysql' }>> = {}): SqlTarget => ({
    dialect: 'mysql',
    host: url.hostname,
    address: url.hostname,
    port: Number(url.port || 3306),
    database,
    user: decodeURIComponent(url.username),
    password: url.password ? decodeURIComponent(url.password) : undefined,
    ssl: false,
    ...overrides,
  });
  const statement = (sql: string, extra: Partial<SqlStatement> = {}): SqlStatement => ({
    sql,
    params: [],
    maxRows: 100,
    maxChars: 1_000_000,
    timeoutMs: 5000,
    ...extra,
  });

  async function admin<T>(sql: string): Promise<T> {
    const connection = await createConnection({ uri: databaseUrl, multipleStatements: true });
    try {
      return (await connection.query(sql))[0] as T;
    } finally {
      await connection.end();
    }
  }

  async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof DomainError) return error;
      throw error;
    }
    throw new Error('expected a DomainError');
  }

  const orderCount = async (): Promise<number> => (await admin<Array<{ n: number }>>(`SELECT COUNT(*) AS n FROM \`${database}\`.orders`))[0].n;

  beforeAll(async () => {
    await admin(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4;
      CREATE TABLE \`${database}\`.orders (id INT PRIMARY KEY, customer VARCHAR(64), amount DECIMAL(10,2), status VARCHAR(16),
        big BIGINT, placed DATETIME(3), receipt VARBINARY(16));
      INSERT INTO \`${database}\`.orders VALUES
        (1, 'Acme', 200.50, 'paid', 9007199254740993, '2024-01-02 03:04:05.678', 0x00ff10),
        (2, 'Globex', 120.00, 'paid', 1, '2024-02-01 00:00:00.000', NULL),
        (3, 'Acme', 150.00, 'paid', 2, NULL, NULL),
        (4, 'Initech', 80.00, 'open', 3, NULL, NULL);`);
  });
  afterAll(async () => {
    await admin(`DROP DATABASE IF EXISTS \`${database}\``);
  });

  it('When a SELECT runs with parameters, Then they are bound server-side, never spliced into the SQL', async () => {
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
    expect((await executor.execute(target(), statement('SELECT id FROM orders WHERE customer = ?', { params: ["x' OR '1'='1"] }))).rows).toEqual([]);
  });

  it('When cells are decimals, big integers, dates or binary, Then they come back as exact text or base64', async () => {
    const result = await executor.execute(target(), statement('SELECT amount, big, placed, receipt, ? AS flag FROM orders WHERE id = 1', { params: [true] }));
    expect(result.rows).toEqual([['200.50', '9007199254740993', '2024-01-02 03:04:05.678', 'AP8Q', 1]]);
  });

  it('When more rows match than the row cap, Then the answer is cut and truncated', async () => {
    expect(await executor.execute(target(), statement('SELECT id FROM orders ORDER BY id', { maxRows: 3 }))).toEqual({
      columns: ['id'],
      rows: [[1], [2], [3]],
      truncated: true,
    });
    expect((await executor.execute(target(), statement('SHOW TABLES'))).rows).toEqual([['orders']]);
  });

  it.each([
    ['an INSERT', "INSERT INTO orders (id, customer) VALUES (9, 'Mallory')"],
    ['a DELETE', 'DELETE FROM orders'],
    ['an UPDATE', "UPDATE orders SET status = 'void'"],
  ])('When %s reaches the executor past the guard, Then the read-only transaction refuses it and nothing changes', async (_name, sql) => {
    const error = await errorOf(executor.execute(target(), statement(sql)));
    expect(error).toMatchObject({ code: 'data_source.validation', message: expect.stringContaining('the database refused to write') });
    expect(await orderCount()).toBe(4);
  });

  it('When several statements reach the executor, Then the server refuses them (multi-statements off) and nothing changes', async () => {
    const error = await errorOf(executor.execute(target(), statement('SELECT 1; DELETE FROM orders')));
    expect(error.code).toBe('data_source.validation');
    expect(await orderCount()).toBe(4);
  });

  it('When the SQL is wrong, Then the server’s reason is passed on', async () => {
    const error = await errorOf(executor.execute(target(), statement('SELECT nope FROM orders')));
    expect(error).toMatchObject({ code: 'data_source.validation', message: expect.stringMatching(/^The database refused the query: Unknown column 'nope'/) });
  });

  it('When a query runs past its timeout, Then the server stops it and the caller gets a timeout', async () => {
    const error = await errorOf(executor.execute(target(), statement('SELECT SLEEP(5) FROM orders', { timeoutMs: 500 })));
    expect(error).toMatchObject({ code: 'data_source.upstream_timeout', message: 'The query did not finish within 500 ms' });
    expect((await executor.execute(target(), statement('SELECT 1 AS ok'))).rows).toEqual([[1]]);
  });

  it('When the credentials are wrong or the database is missing, Then the error says so without server text', async () => {
    expect(await errorOf(executor.execute(target({ user: 'nobody_here', password: 'wrong' }), statement('SELECT 1')))).toMatchObject({
      code: 'data_source.upstream_error',
      message: 'The database refused the credentials',
    });
    expect(await errorOf(executor.execute(target({ database: 'no_such_database_x' }), statement('SELECT 1')))).toMatchObject({
      code: 'data_source.upstream_error',
      message: expect.stringMatching(/does not exist|refused the credentials/),
    });
  });

  it('When nothing listens at the address, Then the server is reported unreachable', async () => {
    expect(await errorOf(executor.execute(target({ address: '127.0.0.1', port: 1 }), statement('SELECT 1')))).toMatchObject({
      code: 'data_source.upstream_error',
      message: 'The database server could not be reached',
    });
  });
});
