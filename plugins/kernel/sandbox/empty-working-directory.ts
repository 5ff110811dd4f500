import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh, empty directory for sandbox workers to start in, so no relative path leads to the
 * server's files. Read-only (0555) even to its owner: a worker cannot stage anything in it.
 */
export function createEmptyWorkingDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-cwd-'));
  chmodSync(dir, 0o555);
  return dir;
}

export function removeEmptyWorkingDirectory(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
