import { constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SandboxIdentity } from './sandbox-identity';

/**
 * The first of `paths` that `identity` could not open: a directory on the way it may not
 * search, or the file itself it may not read. Mode bits only, owner then group then others
 * (supplementary groups are not looked at, so the answer errs on "cannot"). A checkout under
 * `/root` (mode 0700) is the usual case: `nobody` cannot load the worker script from there.
 */
export function firstUnreachable(identity: SandboxIdentity, paths: readonly string[]): string | undefined {
  return paths.find((path) => !reachable(identity, resolve(path)));
}

function reachable(identity: SandboxIdentity, file: string): boolean {
  if (!allows(identity, file, 'read')) return false;
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (!allows(identity, dir, 'search')) return false;
    if (dirname(dir) === dir) return true;
  }
}

function allows(identity: SandboxIdentity, path: string, access: 'read' | 'search'): boolean {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return false;
  }
  const [owner, group, other] =
    access === 'read' ? [constants.S_IRUSR, constants.S_IRGRP, constants.S_IROTH] : [constants.S_IXUSR, constants.S_IXGRP, constants.S_IXOTH];
  if (stat.uid === identity.uid) return (stat.mode & owner) !== 0;
  if (stat.gid === identity.gid) return (stat.mode & group) !== 0;
  return (stat.mode & other) !== 0;
}
