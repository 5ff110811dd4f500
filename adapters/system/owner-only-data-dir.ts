import { chmodSync, mkdirSync } from 'node:fs';

/**
 * Creates DATA_DIR when it is missing and makes it owner-only (0700), also when it already
 * existed: it holds the SQLite database, the generated JWT secret, workspaces and data-source
 * files, none of which another local user — in particular the unprivileged user the sandbox
 * workers run as — may read. Start-up stops when that is not possible (a directory of another owner).
 */
export function makeDataDirOwnerOnly(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new Error(`DATA_DIR ${dataDir} cannot be created or made owner-only (0700): ${code}`);
  }
}
