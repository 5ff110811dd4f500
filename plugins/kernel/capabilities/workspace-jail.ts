import { lstat, mkdir, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CapabilityError } from './capability-error';

export interface JailedPath {
  /** The owner's workspace root, symlinks resolved. */
  root: string;
  /** Absolute path inside the root. */
  absolute: string;
  /** Relative to the root, `/`-separated ('' for the root itself). */
  relative: string;
  exists: boolean;
}

const OWNER = /^[A-Za-z0-9_-]{1,128}$/;
const MAX_PATH = 1024;

/**
 * Confines paths to `<dataDir>/workspace/<ownerId>`. Refuses NUL bytes, absolute paths,
 * backslashes and `..` segments outright, then compares real paths on both sides with
 * `path.relative` (a `startsWith` test would accept `/root-evil`), so a symlink that
 * leads outside is refused too.
 */
export class WorkspaceJail {
  constructor(private readonly workspacesDir: string) {}

  async resolve(ownerId: string, path: string): Promise<JailedPath> {
    if (!OWNER.test(ownerId)) throw new CapabilityError('invalid_argument', 'workspace: the caller has no usable workspace');
    const segments = checkPath(path);
    const ownerRoot = join(this.workspacesDir, ownerId);
    await mkdir(ownerRoot, { recursive: true });
    const root = await realpath(ownerRoot);
    const absolute = resolve(root, ...segments);
    assertInside(root, absolute);
    const exists = await this.assertRealInside(root, absolute);
    return { root, absolute, relative: segments.join('/'), exists };
  }

  /** Resolves the deepest existing ancestor (or the path itself) and checks it is still inside. */
  private async assertRealInside(root: string, absolute: string): Promise<boolean> {
    let probe = absolute;
    let exists = true;
    for (;;) {
      try {
        await lstat(probe);
        // A dangling symlink has no real path: refuse it rather than let a write create its target.
        const real = await realpath(probe).catch(() => {
          throw refuse();
        });
        assertInside(root, real);
        return exists;
      } catch (error) {
        if (error instanceof CapabilityError) throw error;
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        exists = false;
        const parent = resolve(probe, '..');
        if (parent === probe) throw refuse();
        probe = parent;
      }
    }
  }
}

function checkPath(path: string): string[] {
  if (typeof path !== 'string' || path.length > MAX_PATH) throw new CapabilityError('invalid_argument', 'workspace: the path is too long');
  if (path.includes('\0')) throw new CapabilityError('invalid_argument', 'workspace: the path contains a NUL byte');
  if (path.includes('\\')) throw new CapabilityError('invalid_argument', 'workspace: use / as the path separator');
  if (isAbsolute(path) || path.startsWith('~')) throw new CapabilityError('invalid_argument', 'workspace: paths are relative to the workspace');
  const segments = path.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) throw new CapabilityError('invalid_argument', 'workspace: ".." is not allowed in paths');
  return segments;
}

function assertInside(root: string, target: string): void {
  const rel = relative(root, target);
  if (rel === '') return;
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) throw refuse();
}

function refuse(): CapabilityError {
  return new CapabilityError('invalid_argument', 'workspace: the path leads outside the workspace');
}
