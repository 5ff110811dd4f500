import { appendFile, mkdir, readdir, readFile, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { Stats } from 'node:fs';
import { join } from 'node:path';
import { JsonValue } from '../../../core/shared/json';
import { argsObject, optionalBoolean, optionalEnum, optionalString, requiredString } from './capability-args';
import { CapabilityError } from './capability-error';
import { CapabilityCallContext, CapabilityHandler } from './capability-handler';
import { JailedPath, WorkspaceJail } from './workspace-jail';

const MAX_FILE_BYTES = 10 * 1_048_576;
const MAX_LIST = 1000;
const WRITES = new Set(['write', 'delete', 'mkdir']);

/** `workspace`: the caller's private files under `<dataDir>/workspace/<userId>`. */
export class WorkspaceCapability implements CapabilityHandler {
  private readonly jail: WorkspaceJail;

  constructor(workspacesDir: string) {
    this.jail = new WorkspaceJail(workspacesDir);
  }

  async handle(method: string, rawArgs: JsonValue, context: CapabilityCallContext): Promise<JsonValue> {
    const where = `workspace.${method}`;
    const args = argsObject(rawArgs, where);
    if (WRITES.has(method) && context.grant.readOnly === true) {
      throw new CapabilityError('capability_denied', `The manifest grants read-only workspace access (${where})`);
    }
    const target = await this.jail.resolve(context.actor.userId, optionalString(args, 'path', where) ?? '');
    try {
      return await this.run(method, target, args, where);
    } catch (error) {
      throw toCapabilityError(error, where);
    }
  }

  private async run(method: string, target: JailedPath, args: Record<string, JsonValue>, where: string): Promise<JsonValue> {
    switch (method) {
      case 'read':
        return this.read(target, optionalEnum(args, 'encoding', ['utf8', 'base64'], where) ?? 'utf8');
      case 'write':
        return this.write(target, args, where);
      case 'list':
        return this.list(target);
      case 'stat':
        return target.exists ? entry(target.relative, await stat(target.absolute)) : null;
      case 'exists':
        return target.exists;
      case 'delete':
        return this.remove(target);
      default:
        if (target.relative !== '') await mkdir(target.absolute, { recursive: true });
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

  private async write(target: JailedPath, args: Record<string, JsonValue>, where: string): Promise<JsonValue> {
    if (target.relative === '') throw new CapabilityError('invalid_argument', `${where}: a file path is required`);
    const content = requiredString(args, 'content', where);
    const bytes = Buffer.from(content, optionalEnum(args, 'encoding', ['utf8', 'base64'], where) ?? 'utf8');
    const append = optionalBoolean(args, 'append', where) ?? false;
    const existing = append && target.exists ? (await stat(target.absolute)).size : 0;
    if (existing + bytes.length > MAX_FILE_BYTES) throw new CapabilityError('too_large', `${where}: files are at most 10 MB`);
    await mkdir(join(target.absolute, '..'), { recursive: true });
    if (append) await appendFile(target.absolute, bytes);
    else await writeFile(target.absolute, bytes);
    return { size: existing + bytes.length };
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
  if (error instanceof CapabilityError) return error;
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
