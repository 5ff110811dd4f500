import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CapabilityError } from './capability-error';

/** The size cap of each user's workspace (WORKSPACE_MAX_BYTES, WORKSPACE_MAX_FILES). */
export interface WorkspaceLimits {
  /** Bytes of all its files. */
  maxBytes: number;
  /** Files and folders, counted alike (each costs the disk an inode). */
  maxFiles: number;
}

export interface WorkspaceUsage {
  bytes: number;
  files: number;
}

/** What a workspace holds, measured on disk (symlinks are counted, never followed). */
export async function measureWorkspace(root: string): Promise<WorkspaceUsage> {
  const usage: WorkspaceUsage = { bytes: 0, files: 0 };
  const pending = [root];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    for (const dirent of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, dirent.name);
      usage.files += 1;
      if (dirent.isDirectory()) pending.push(path);
      // A file deleted meanwhile (another process of the same user) just counts as empty.
      else if (dirent.isFile()) usage.bytes += (await lstat(path).catch(() => undefined))?.size ?? 0;
    }
  }
  return usage;
}

/** How many of the path's segments, from the root down, do not exist yet (what a write would create). */
export async function missingEntries(root: string, relative: string): Promise<number> {
  const segments = relative === '' ? [] : relative.split('/');
  for (let depth = 0; depth < segments.length; depth += 1) {
    const exists = await lstat(join(root, ...segments.slice(0, depth + 1))).then(
      () => true,
      () => false,
    );
    if (!exists) return segments.length - depth;
  }
  return 0;
}

/** Refuses a change that would take the workspace past either cap. */
export function assertWithinLimits(usage: WorkspaceUsage, growth: WorkspaceUsage, limits: WorkspaceLimits, where: string): void {
  if (growth.bytes > 0 && usage.bytes + growth.bytes > limits.maxBytes) {
    throw new CapabilityError('quota_exceeded', `${where}: the workspace is full (at most ${limits.maxBytes} bytes); delete files first`);
  }
  if (growth.files > 0 && usage.files + growth.files > limits.maxFiles) {
    throw new CapabilityError('quota_exceeded', `${where}: the workspace is full (at most ${limits.maxFiles} files and folders); delete some first`);
  }
}
