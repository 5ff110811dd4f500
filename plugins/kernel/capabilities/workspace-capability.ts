import { appendFile, mkdir, readdir, readFile, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { Stats } from 'node:fs';
import { join } from 'node:path';
import { DailyQuotas } from '../../../core/services/quotas/daily-quotas.service';
import { DomainError } from '../../../core/shared/domain-error';
import { JsonValue } from '../../../core/shared/json';
import { argsObject, optionalBoolean, optionalEnum, optionalString, requiredString } from './capability-args';
import { CapabilityError } from './capability-error';
import { CapabilityCallContext, CapabilityHandler } from './capability-handler';
import { PerKeyQueue } from './per-key-queue';
import { JailedPath, WorkspaceJail } from './workspace-jail';
import { assertWithinLimits, measureWorkspace, missingEntries, WorkspaceLimits, WorkspaceUsage } from './workspace-usage';

const MAX_FILE_BYTES = 10 * 1_048_576;
const MAX_LIST = 1000;
const WRITES = new Set(['write', 'delete', 'mkdir']);
const GROWS = new Set(['write', 'mkdir']);

/** The part of `DailyQuotas` the workspace spends: bytes written per user and day. */
export type WorkspaceWriteQuota = Pick<DailyQuotas, 'take'>;

/**
 * `workspace`: the caller's private files under `<dataDir>/workspace/<userId>`, within the size
 * cap of `WorkspaceLimits`, every byte written spent from the caller's daily write quota first.
 * A user's writes and folder creations run one at a time in this process, so two of them cannot
 * both pass the cap measured before either.
 */
export class WorkspaceCapability implements CapabilityHandler {
  private readonly jail: WorkspaceJail;
  private readonly changes = new PerKeyQueue();

  constructor(
    workspacesDir: string,
    private readonly limits: WorkspaceLimits,
    private readonly quotas: WorkspaceWriteQuota,
  ) {
    this.jail = new WorkspaceJail(workspacesDir);
  }

  async handle(method: string, rawArgs: JsonValue, context: CapabilityCallContext): Promise<JsonValue> {
    const where = `workspace.${method}`;
    const args = argsObject(rawArgs, where);
    if (WRITES.has(method) && context.grant.readOnly === true) {
      throw new CapabilityError('capability_denied', `The manifest grants read-only workspace access (${where})`);
    }
    const userId = context.actor.userId;
    const work = async (): Promise<JsonValue> => {
      // A change that waited its turn past the end of its tool call must not happen afterwards.
      if (context.signal.aborted) throw new CapabilityError('unavailable', 'The tool call has ended');
      const target = await this.jail.resolve(userId, optionalString(args, 'path', where) ?? '');
      try {
        return await this.run(method, target, args, where, userId);
      } catch (error) {
        throw toCapabilityError(error, where);
      }
    };
    return GROWS.has(method) ? this.changes.run(userId, work) : work();
  }

  private async run(method: string, target: JailedPath, args: Record<string, JsonValue>, where: string, userId: string): Promise<JsonValue> {
    switch (method) {
      case 'read':
        return this.read(target, optionalEnum(args, 'encoding', ['utf8', 'base64'], where) ?? 'utf8');
      case 'write':
        return this.write(target, args, where, userId);
      case 'list':
        return this.list(target);
      case 'stat':
        return target.exists ? entry(target.relative, await stat(target.absolute)) : null;
      case 'exists':
        return target.exists;
      case 'delete':
        return this.remove(target);
      default:
        if (target.relative === '') return null;
        await this.admit(target, { bytes: 0, files: await missingEntries(target.root, target.relative) }, where);
        await mkdir(target.absolute, { recursive: true });
        return null;
    }
  }

  private async read(target: JailedPath, encoding: 'utf8' | 'base64'): Promise<JsonValue> {
    if (!target.exists) throw new CapabilityError('not_found', `workspace.read: ${target.relative} does not exist`);
    const info = await stat(target.absolute);
    if (!info.isFile()) throw new CapabilityError('invalid_argument', `workspace.read: ${target.relative} is not a file`);
    if (info.size > MAX_FILE_BYTES) throw new CapabilityError('too_large', 'workspace.read: the file is larger than 10 MB');
    return (await readFile(target.absolute)).toString(encoding);
  }

  private async write(target: JailedPath, args: Record<string, JsonValue>, where: string, userId: string): Promise<JsonValue> {
    if (target.relative === '') throw new CapabilityError('invalid_argument', `${where}: a file path is required`);
    const content = requiredString(args, 'content', where);
    const bytes = Buffer.from(content, optionalEnum(args, 'encoding', ['utf8', 'base64'], where) ?? 'utf8');
    const append = optionalBoolean(args, 'append', where) ?? false;
    const previous = target.exists ? (await stat(target.absolute)).size : 0;
    const existing = append ? previous : 0;
    if (existing + bytes.length > MAX_FILE_BYTES) throw new CapabilityError('too_large', `${where}: files are at most 10 MB`);
    const files = await missingEntries(target.root, target.relative);
    await this.admit(target, { bytes: existing + bytes.length - previous, files }, where);
    await this.quotas.take(userId, 'workspaceWriteBytes', bytes.length);
    await mkdir(join(target.absolute, '..'), { recursive: true });
    if (append) await appendFile(target.absolute, bytes);
    else await writeFile(target.absolute, bytes);
    return { size: existing + bytes.length };
  }

  /** Measures the workspace only for a change that makes it bigger; shrinking always passes. */
  private async admit(target: JailedPath, growth: WorkspaceUsage, where: string): Promise<void> {
    if (growth.bytes <= 0 && growth.files <= 0) return;
    assertWithinLimits(await measureWorkspace(target.root), growth, this.limits, where);
  }

  private async list(target: JailedPath): Promise<JsonValue> {
    if (!target.exists) throw new CapabilityError('not_found', `workspace.list: ${target.relative || '/'} does not exist`);
    const dirents = await readdir(target.absolute, { withFileTypes: true });
    const visible = dirents.filter((d) => d.isFile() || d.isDirectory()).slice(0, MAX_LIST);
    const prefix = target.relative === '' ? '' : `${target.relative}/`;
    const entries = await Promise.all(visible.map(async (d) => entry(`${prefix}${d.name}`, await stat(join(target.absolute, d.name)))));
    return entries.sort((a, b) => String(a.path).localeCompare(String(b.path)));
  }

  private async remove(target: JailedPath): Promise<JsonValue> {
    if (target.relative === '') throw new CapabilityError('invalid_argument', 'workspace.delete: the workspace root cannot be deleted');
    if (!target.exists) return false;
    const info = await stat(target.absolute);
    if (info.isDirectory()) await rmdir(target.absolute);
    else await unlink(target.absolute);
    return true;
  }
}

function entry(path: string, info: Stats): { [key: string]: JsonValue } {
  return {
    name: path.split('/').pop() ?? '',
    path,
    type: info.isDirectory() ? 'directory' : 'file',
    size: info.isDirectory() ? 0 : info.size,
    modifiedAt: info.mtime.toISOString(),
  };
}

/** File-system codes only: an OS message would show the host path. */
function toCapabilityError(error: unknown, where: string): Error {
  if (error instanceof CapabilityError || error instanceof DomainError) return error;
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return new CapabilityError('not_found', `${where}: no such file or directory`);
    case 'ENOTEMPTY':
      return new CapabilityError('invalid_argument', `${where}: the directory is not empty`);
    case 'EISDIR':
    case 'ENOTDIR':
    case 'EEXIST':
      return new CapabilityError('invalid_argument', `${where}: a file and a directory are in each other's way`);
    default:
      return new CapabilityError('upstream_error', `${where}: the file operation failed`);
  }
}
