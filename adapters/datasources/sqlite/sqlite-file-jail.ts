import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { DataSourceUnreachableError, DataSourceValidationError } from '../../../core/domain/data-source/data-source.errors';

const OWNER = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The real path of an owner's SQLite file, confined to `<root>/<ownerId>/`: `..`, absolute
 * paths and NUL bytes are refused outright, then real paths are compared on both sides with
 * `path.relative` (a `startsWith` test would accept `/root-evil`), so a symlink that leads
 * outside is refused too.
 */
export async function jailedSqliteFile(root: string, ownerId: string, file: string): Promise<string> {
  if (!OWNER.test(ownerId)) throw outside();
  const segments = file.split('/');
  if (file.includes('\0') || file.includes('\\') || isAbsolute(file) || segments.some((s) => s === '' || s === '.' || s === '..')) throw outside();
  let ownerRoot: string;
  try {
    ownerRoot = await realpath(join(root, ownerId));
  } catch {
    throw missing();
  }
  const target = resolve(ownerRoot, ...segments);
  assertInside(ownerRoot, target);
  let real: string;
  try {
    real = await realpath(target);
  } catch {
    throw missing();
  }
  assertInside(ownerRoot, real);
  if (!(await stat(real)).isFile()) throw missing();
  return real;
}

function assertInside(root: string, target: string): void {
  const rel = relative(root, target);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) throw outside();
}

function outside(): DataSourceValidationError {
  return new DataSourceValidationError('The SQLite file must lie inside the owner’s data-source folder', [
    { field: 'config.file', message: 'leads outside the data-source folder' },
  ]);
}

function missing(): DataSourceUnreachableError {
  return new DataSourceUnreachableError('The SQLite database file does not exist');
}
