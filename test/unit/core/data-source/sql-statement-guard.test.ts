import { readOnlyRefusal, SqlDialect } from '../../../../core/domain/data-source/sql-statement-guard';

describe('readOnlyRefusal', () => {
  it.each<[SqlDialect, string]>([
    ['sqlite', 'SELECT * FROM orders WHERE id = ?'],
    ['sqlite', '  select 1;  '],
    ['sqlite', 'SELECT 1; -- trailing comment'],
    ['sqlite', 'WITH t AS (SELECT 1 AS x) SELECT x FROM t'],
    ['sqlite', 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 5) SELECT x FROM c'],
    ['sqlite', 'EXPLAIN QUERY PLAN SELECT * FROM t'],
    ['sqlite', "SELECT name FROM pragma_table_info('orders')"],
    ['sqlite', "SELECT 'DELETE FROM t; DROP TABLE x' AS text"],
    ['sqlite', 'SELECT "update", [delete], `insert` FROM t'],
    ['sqlite', "SELECT replace(name, 'a', 'b') FROM t"],
    ['sqlite', '/* a comment; with DELETE */ SELECT 1'],
    ['sqlite', '(SELECT 1) UNION (SELECT 2)'],
    ['sqlite', 'VALUES (1, 2)'],
    ['mysql', 'SHOW TABLES'],
    ['mysql', 'DESCRIBE orders'],
    ['mysql', 'EXPLAIN SELECT * FROM t'],
    ['mysql', "SELECT 'it''s', \"a \\\" b; DROP\", `weird``name` FROM t # comment DROP"],
    ['mysql', 'SELECT 1--1'],
    ['mysql', 'SELECT INSERT(name, 1, 2, "x"), TRUNCATE(price, 2) FROM t'],
    ['mysql', 'SELECT SLEEP(1)'],
    // One string literal with backslash escapes, which the MySQL executor keeps on (sql_mode without NO_BACKSLASH_ESCAPES).
    ['mysql', "SELECT '\\'; DELETE FROM t; -- '"],
  ])('When the %s statement is %s, Then it is accepted', (dialect, sql) => {
    expect(readOnlyRefusal(sql, dialect)).toBeUndefined();
  });

  it.each<[SqlDialect, string, string]>([
    ['sqlite', 'INSERT INTO t VALUES (1)', 'INSERT statements'],
    ['sqlite', 'DELETE FROM t', 'DELETE statements'],
    ['sqlite', "ATTACH DATABASE '/etc/passwd' AS p", 'ATTACH statements'],
    ['sqlite', 'PRAGMA writable_schema = 1', 'PRAGMA statements'],
    ['sqlite', 'SELECT 1; DELETE FROM t', 'several statements'],
    ['sqlite', 'SELECT 1; SELECT 2', 'several statements'],
    ['sqlite', 'WITH x AS (SELECT 1) DELETE FROM t', 'DELETE is not allowed'],
    ['sqlite', 'WITH x AS (SELECT 1) UPDATE t SET a = 1', 'UPDATE is not allowed'],
    ['sqlite', 'SELECT * FROM t WHERE update = 1', 'UPDATE is not allowed'],
    ['sqlite', 'EXPLAIN DELETE FROM t', 'DELETE is not allowed'],
    ['sqlite', "SELECT 'open", 'not closed'],
    ['sqlite', 'SELECT 1 /* open', 'not closed'],
    ['sqlite', '', 'empty'],
    ['sqlite', '-- only a comment', 'empty'],
    ['sqlite', 'SHOW TABLES', 'SHOW statements'],
    ['mysql', 'SELECT * INTO OUTFILE "/tmp/x" FROM t', 'INTO is not allowed'],
    ['mysql', 'SELECT 1 INTO @v', 'INTO is not allowed'],
    ['mysql', 'SELECT * FROM t FOR UPDATE', 'UPDATE is not allowed'],
    ['mysql', 'SELECT * FROM t LOCK IN SHARE MODE', 'LOCK is not allowed'],
    ['mysql', 'SELECT 1 /*!50000 ; DROP TABLE t */', 'executable comments'],
    ['mysql', 'SELECT 1;\nDROP TABLE t', 'several statements'],
    ['mysql', 'SET SESSION TRANSACTION READ WRITE', 'SET statements'],
    ['mysql', 'LOAD DATA LOCAL INFILE "/etc/passwd" INTO TABLE t', 'LOAD statements'],
    ['mysql', 'HANDLER t OPEN', 'HANDLER statements'],
    ['mysql', 'CALL p()', 'CALL statements'],
    ['mysql', 'SELECT 1 -- \n; DELETE FROM t', 'several statements'],
    ['mysql', 'SELECT REPLACE INTO t VALUES (1)', 'REPLACE is not allowed'],
  ])('When the %s statement is %s, Then it is refused (%s)', (dialect, sql, reason) => {
    expect(readOnlyRefusal(sql, dialect)).toContain(reason);
  });

  it('When the statement is over the length cap, Then it is refused', () => {
    expect(readOnlyRefusal(`SELECT ${'1,'.repeat(60_000)}1`, 'sqlite')).toContain('longer than');
  });
});
