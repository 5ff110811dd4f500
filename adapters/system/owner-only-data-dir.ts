import { chmodSync, mkdirSync } from 'node:fs';

/**
 * Creates DATA_DIR when it is missing and makes it owner-only (0700), also when it already
 * existed: it holds the SQLite database, the generated JWT secret, workspaces and data-source
 * files, none of which another local user — in particular the unprivileged user the sandbox
 * workers run as — may read.
 */
export function makeDataDirOwnerOnly(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}
