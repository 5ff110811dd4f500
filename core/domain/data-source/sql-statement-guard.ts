export type SqlDialect = 'sqlite' | 'mysql';

export const MAX_SQL_CHARS = 100_000;

const LEADING: Record<SqlDialect, ReadonlySet<string>> = {
  sqlite: new Set(['SELECT', 'WITH', 'EXPLAIN', 'VALUES']),
  mysql: new Set(['SELECT', 'WITH', 'SHOW', 'EXPLAIN', 'DESCRIBE', 'DESC']),
};

/**
 * Words that write, change the schema or the session, or reach outside the query
 * (`INTO OUTFILE`, `ATTACH`, `PRAGMA`, `LOAD DATA`, `HANDLER`, `FOR UPDATE`, `LOCK IN SHARE MODE`…),
 * refused wherever they appear as a word.
 */
const WRITE_WORDS = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'REPLACE',
  'MERGE',
  'UPSERT',
  'CREATE',
  'ALTER',
  'DROP',
  'TRUNCATE',
  'RENAME',
  'GRANT',
  'REVOKE',
  'ATTACH',
  'DETACH',
  'PRAGMA',
  'VACUUM',
  'REINDEX',
  'LOAD',
  'HANDLER',
  'CALL',
  'LOCK',
  'UNLOCK',
  'INTO',
  'OUTFILE',
  'DUMPFILE',
  'PREPARE',
  'EXECUTE',
  'DEALLOCATE',
  'FLUSH',
  'KILL',
  'SHUTDOWN',
  'INSTALL',
  'UNINSTALL',
  'BEGIN',
  'COMMIT',
  'ROLLBACK',
  'SAVEPOINT',
  'RELEASE',
  'PROCEDURE',
  'PURGE',
  'RESET',
]);

/** Write words that are also functions that only compute: `REPLACE(s, a, b)`, MySQL's `INSERT(s, …)` and `TRUNCATE(x, d)`. */
const FUNCTION_WORDS = new Set(['REPLACE', 'INSERT', 'TRUNCATE']);

interface Word {
  text: string;
  /** The next significant character is `(`. */
  call: boolean;
}

interface Scan {
  words: Word[];
  refusal?: string;
}

/**
 * Why `sql` is not exactly one read-only statement, or undefined when it is. A first line
 * of defence only: the executors also open the database read-only (SQLite) or in a
 * read-only transaction with multi-statements off (MySQL), so a statement this check
 * misreads still cannot write. Comments and quoted text are skipped as the dialect reads
 * them; an unquoted column named like a write word (`update`) is refused: quote it.
 */
export function readOnlyRefusal(sql: string, dialect: SqlDialect): string | undefined {
  if (sql.length > MAX_SQL_CHARS) return `the statement is longer than ${MAX_SQL_CHARS} characters`;
  const scan = scanStatement(sql, dialect);
  if (scan.refusal) return scan.refusal;
  const first = scan.words[0];
  if (!first) return 'the statement is empty';
  if (!LEADING[dialect].has(first.text)) return `${first.text} statements are not allowed`;
  const write = scan.words.find((w) => WRITE_WORDS.has(w.text) && !(w.call && FUNCTION_WORDS.has(w.text)));
  if (write) return `${write.text} is not allowed (quote an identifier that has this name)`;
  return undefined;
}

function scanStatement(sql: string, dialect: SqlDialect): Scan {
  const words: Word[] = [];
  let i = 0;
  let ended = false;
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '-' && next === '-' && (dialect === 'sqlite' || i + 2 >= sql.length || sql.charCodeAt(i + 2) <= 32)) {
      // MySQL reads `--` as a comment only before a space or control character (`1--1` is arithmetic).
      i = lineEnd(sql, i);
    } else if (c === '#' && dialect === 'mysql') {
      i = lineEnd(sql, i);
    } else if (c === '/' && next === '*') {
      if (dialect === 'mysql' && sql[i + 2] === '!') return { words, refusal: 'MySQL executable comments (/*! … */) are not allowed' };
      const close = sql.indexOf('*/', i + 2);
      if (close < 0) return { words, refusal: 'a comment is not closed' };
      i = close + 2;
    } else if (ended) {
      return { words, refusal: 'several statements are not allowed' };
    } else if (c === ';') {
      ended = true;
      i += 1;
    } else if (c === "'" || c === '"' || c === '`' || (c === '[' && dialect === 'sqlite')) {
      const close = quotedEnd(sql, i, dialect);
      if (close < 0) return { words, refusal: 'a quoted string or identifier is not closed' };
      i = close;
    } else if (/[A-Za-z_]/.test(c)) {
      let end = i + 1;
      while (end < sql.length && /[A-Za-z0-9_$]/.test(sql[end])) end += 1;
      words.push({ text: sql.slice(i, end).toUpperCase(), call: nextSignificant(sql, end) === '(' });
      i = end;
    } else {
      i += 1;
    }
  }
  return { words };
}

function lineEnd(sql: string, from: number): number {
  const end = sql.indexOf('\n', from);
  return end < 0 ? sql.length : end + 1;
}

/** Index just past the closing quote, or -1. Doubled quotes escape; MySQL strings also take backslash escapes. */
function quotedEnd(sql: string, start: number, dialect: SqlDialect): number {
  const open = sql[start];
  const close = open === '[' ? ']' : open;
  const backslash = dialect === 'mysql' && open !== '`';
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (backslash && c === '\\') {
      i += 2;
    } else if (c === close) {
      if (open !== '[' && sql[i + 1] === close) i += 2;
      else return i + 1;
    } else {
      i += 1;
    }
  }
  return -1;
}

function nextSignificant(sql: string, from: number): string | undefined {
  let i = from;
  while (i < sql.length && /\s/.test(sql[i])) i += 1;
  return sql[i];
}
