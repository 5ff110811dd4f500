import { execFileSync } from 'node:child_process';

export const DEFAULT_SANDBOX_USER = 'nobody';

/** The user and group a sandbox worker process runs as. */
export interface SandboxIdentity {
  uid: number;
  gid: number;
}

/**
 * Who sandbox workers run as. When this process is root: `user` (`SANDBOX_USER`: a user name,
 * `uid` or `uid:gid`), so code that escapes an isolate lands in an account that owns none of
 * the server's files. Otherwise undefined: the workers keep the server's user, since only root
 * may switch. Throws when the user does not exist or is root itself.
 */
export function sandboxIdentity(user: string, runningAsUid: number | undefined = process.getuid?.()): SandboxIdentity | undefined {
  if (runningAsUid !== 0) return undefined;
  const identity = resolveUser(user.trim());
  if (identity.uid === 0) throw new Error(`SANDBOX_USER "${user}" is root; sandbox workers need an unprivileged user`);
  return identity;
}

function resolveUser(user: string): SandboxIdentity {
  const numeric = /^(\d+)(?::(\d+))?$/.exec(user);
  if (numeric) return { uid: Number(numeric[1]), gid: Number(numeric[2] ?? numeric[1]) };
  // `id` asks the system's user database (passwd files, LDAP…), which Node cannot.
  const uid = idOf(user, '-u');
  const gid = idOf(user, '-g');
  if (uid === undefined || gid === undefined) throw new Error(`SANDBOX_USER "${user}" is not a user of this system`);
  return { uid, gid };
}

function idOf(user: string, flag: '-u' | '-g'): number | undefined {
  try {
    const text = execFileSync('id', [flag, '--', user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 }).trim();
    return /^\d+$/.test(text) ? Number(text) : undefined;
  } catch {
    return undefined;
  }
}
