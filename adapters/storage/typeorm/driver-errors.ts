/** Driver error codes of a unique or primary key violation: better-sqlite3 and mysql2. */
const DUPLICATE_KEY_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', 'ER_DUP_ENTRY']);

/** Decided by the driver's `code` alone; its message is never parsed nor passed on. */
export function isDuplicateKeyError(error: unknown): boolean {
  const code = driverCode(error);
  return code !== undefined && DUPLICATE_KEY_CODES.has(code);
}

function driverCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, driverError } = error as { code?: unknown; driverError?: unknown };
  if (typeof code === 'string') return code;
  return driverError === error ? undefined : driverCode(driverError);
}
