import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { WorkspaceFullError } from '../../../core/domain/workspace/workspace.errors';

/** WORKSPACE_MAX_BYTES and WORKSPACE_MAX_FILES: bytes of all files, and files plus folders (each costs an inode). */
export interface WorkspaceLimits {
  maxBytes: number;
  maxFiles: number;
}

interface Usage {
  bytes: number;
  files: number;
}

/** What a workspace holds, measured on disk; symlinks are counted, never followed. */
async function measure(root: string): Promise<Usage> {
  const usage: Usage = { bytes: 0, files: 0 };
  const pending = [root];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    for (const dirent of await readdir(dir, { withFileTypes: true })) {
      usage.files += 1;
      const path = join(dir, dirent.name);
      if (dirent.isDirectory()) pending.push(path);
      // A file removed meanwhile (another process) counts as empty.
      else if (dirent.isFile()) usage.bytes += (await lstat(path).catch(() => undefined))?.size ?? 0;
    }
  }
  return usage;
}

/** Refuses a write that grows the workspace past either cap; one that shrinks it always passes. */
export async function assertRoomFor(root: string, growth: Usage, limits: WorkspaceLimits): Promise<void> {
  if (growth.bytes <= 0 && growth.files <= 0) return;
  const usage = await measure(root);
  if (growth.bytes > 0 && usage.bytes + growth.bytes > limits.maxBytes) throw new WorkspaceFullError(`${limits.maxBytes} bytes`);
  if (growth.files > 0 && usage.files + growth.files > limits.maxFiles) throw new WorkspaceFullError(`${limits.maxFiles} files and folders`);
}

/** How many of the names, from the root down, do not exist yet (what a write would create), and the size of the file it replaces. */
export async function whatWriteAdds(root: string, names: ReadonlyArray<string>): Promise<{ missing: number; replacedBytes: number }> {
  for (let depth = 0; depth < names.length; depth += 1) {
    const info = await lstat(join(root, ...names.slice(0, depth + 1))).catch(() => undefined);
    if (info === undefined) return { missing: names.length - depth, replacedBytes: 0 };
    if (depth === names.length - 1) return { missing: 0, replacedBytes: info.isFile() ? info.size : 0 };
  }
  return { missing: 0, replacedBytes: 0 };
}
