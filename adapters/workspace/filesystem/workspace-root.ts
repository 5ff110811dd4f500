import { chmod, lstat, mkdir, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { WorkspacePathRefusedError } from '../../../core/domain/workspace/workspace.errors';

const OWNER = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * `<workspacesDir>/<ownerId>`, its real path. Only a write creates it, owner-only (0700, as
 * the workspaces folder above it): the sandbox workers run as another local user. A root
 * that is itself a symlink is refused, as is an owner id that could name another folder.
 */
export async function workspaceRoot(workspacesDir: string, ownerId: string, create: boolean): Promise<string | undefined> {
  if (!OWNER.test(ownerId)) throw new WorkspacePathRefusedError('the caller has no usable workspace');
  const root = join(workspacesDir, ownerId);
  if (create) {
    await mkdir(root, { recursive: true, mode: 0o700 });
    await Promise.all([chmod(workspacesDir, 0o700), chmod(root, 0o700)]);
  }
  const info = await lstat(root).catch(() => undefined);
  if (info === undefined) return undefined;
  if (!info.isDirectory()) throw new WorkspacePathRefusedError('the workspace is not a folder');
  return realpath(root);
}

/** `path.relative` on real paths: a `startsWith` test would take `/root-evil` for inside `/root`. */
export function assertInside(root: string, target: string): void {
  const rel = relative(root, target);
  if (rel === '') return;
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) throw new WorkspacePathRefusedError('it leads outside the workspace');
}

/** The real path of a folder under the root, checked to be inside it; undefined when it does not exist. */
export async function existingFolder(root: string, names: ReadonlyArray<string>): Promise<string | undefined> {
  let real: string;
  try {
    real = await realpath(join(root, ...names));
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  assertInside(root, real);
  return real;
}

/**
 * Creates the folders a write needs, one name at a time (0700), and returns the real path of
 * the last. An existing name is followed only when its real path stays inside the root and
 * is a folder; a dangling symlink is refused, so a write never creates a link's target.
 */
export async function ensureFolder(root: string, names: ReadonlyArray<string>): Promise<string> {
  let current = root;
  for (const name of names) {
    const next = join(current, name);
    try {
      await mkdir(next, { mode: 0o700 });
      current = next;
      continue;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const real = await realpath(next).catch(() => {
      throw new WorkspacePathRefusedError('it leads through a broken link');
    });
    assertInside(root, real);
    if (!(await lstat(real)).isDirectory()) throw new WorkspacePathRefusedError(`"${name}" is a file, not a folder`);
    current = real;
  }
  return current;
}

export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
