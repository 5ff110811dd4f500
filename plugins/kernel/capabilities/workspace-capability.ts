import { WorkspaceEntry, WorkspaceFiles } from '../../../core/ports/workspace-files.port';
import { DailyQuotas } from '../../../core/services/quotas/daily-quotas.service';
import { DomainError } from '../../../core/shared/domain-error';
import { JsonObject, JsonValue } from '../../../core/shared/json';
import { argsObject, optionalBoolean, optionalEnum, optionalString, requiredString } from './capability-args';
import { CapabilityError } from './capability-error';
import { CapabilityCallContext, CapabilityHandler } from './capability-handler';

const MAX_FILE_BYTES = 10 * 1_048_576;
const MAX_LIST = 1000;
const WRITES = new Set(['write', 'delete', 'mkdir']);

/** The part of `DailyQuotas` the workspace spends: bytes written per user and day. */
export type WorkspaceWriteQuota = Pick<DailyQuotas, 'take'>;

/**
 * `workspace`: the caller's private files, through the core's `WorkspaceFiles` port, so plugins,
 * uploads and workflow file nodes share one jail (behaviour rule 8) and one size cap. Every byte
 * written is spent from the caller's daily write quota once the workspace has room for it, and a
 * change still waiting for the user's earlier ones when its tool call ends is dropped.
 */
export class WorkspaceCapability implements CapabilityHandler {
  constructor(
    private readonly files: WorkspaceFiles,
    private readonly quotas: WorkspaceWriteQuota,
  ) {}

  async handle(method: string, rawArgs: JsonValue, context: CapabilityCallContext): Promise<JsonValue> {
    const where = `workspace.${method}`;
    const args = argsObject(rawArgs, where);
    if (WRITES.has(method) && context.grant.readOnly === true) {
      throw new CapabilityError('capability_denied', `The manifest grants read-only workspace access (${where})`);
    }
    const path = optionalString(args, 'path', where) ?? '';
    try {
      return await this.run(method, path, args, where, context);
    } catch (error) {
      throw toCapabilityError(error, where, path);
    }
  }

  private async run(method: string, path: string, args: JsonObject, where: string, context: CapabilityCallContext): Promise<JsonValue> {
    const userId = context.actor.userId;
    switch (method) {
      case 'read':
        return this.read(userId, path, optionalEnum(args, 'encoding', ['utf8', 'base64'], where) ?? 'utf8', where);
      case 'write':
        return this.write(userId, path, args, where, context);
      case 'list':
        return (await this.files.list(userId, path, MAX_LIST)).map(entryJson);
      case 'stat': {
        const entry = await this.files.entry(userId, path);
        return entry === undefined ? null : entryJson(entry);
      }
      case 'exists':
        return (await this.files.entry(userId, path)) !== undefined;
      case 'delete':
        return this.files.delete(userId, path);
      default:
        await this.files.makeFolder(userId, path, { beforeChange: async () => assertStillRunning(context) });
        return null;
    }
  }

  private async read(userId: string, path: string, encoding: 'utf8' | 'base64', where: string): Promise<JsonValue> {
    try {
      return Buffer.from(await this.files.read(userId, path, MAX_FILE_BYTES)).toString(encoding);
    } catch (error) {
      const isFolder = error instanceof DomainError && error.code === 'workspace.not_found' && (await this.files.entry(userId, path))?.kind === 'folder';
      if (isFolder) throw new CapabilityError('invalid_argument', `${where}: ${path} is not a file`);
      throw error;
    }
  }

  private async write(userId: string, path: string, args: JsonObject, where: string, context: CapabilityCallContext): Promise<JsonValue> {
    const content = requiredString(args, 'content', where);
    const bytes = Buffer.from(content, optionalEnum(args, 'encoding', ['utf8', 'base64'], where) ?? 'utf8');
    if (bytes.length > MAX_FILE_BYTES) throw new CapabilityError('too_large', `${where}: files are at most 10 MB`);
    const beforeChange = async () => {
      assertStillRunning(context);
      await this.quotas.take(userId, 'workspaceWriteBytes', bytes.length);
    };
    const file =
      (optionalBoolean(args, 'append', where) ?? false)
        ? await this.files.append(userId, path, bytes, MAX_FILE_BYTES, { beforeChange })
        : await this.files.write(userId, path, bytes, { beforeChange });
    return { size: file.sizeBytes };
  }
}

/** A change that waited its turn past the end of its tool call must not happen afterwards. */
function assertStillRunning(context: CapabilityCallContext): void {
  if (context.signal.aborted) throw new CapabilityError('unavailable', 'The tool call has ended');
}

function entryJson(entry: WorkspaceEntry): JsonObject {
  return {
    name: entry.path.split('/').pop() ?? '',
    path: entry.path,
    type: entry.kind === 'folder' ? 'directory' : 'file',
    size: entry.sizeBytes,
    modifiedAt: entry.modifiedAt.toISOString(),
  };
}

/** The port's errors as the kernel codes plugins have always seen; file-system codes only, as an OS message would show the host path. */
function toCapabilityError(error: unknown, where: string, path: string): Error {
  if (error instanceof CapabilityError) return error;
  if (error instanceof DomainError) {
    switch (error.code) {
      case 'workspace.path_refused':
        return new CapabilityError('invalid_argument', `workspace: ${lowerFirst(error.message)}`);
      case 'workspace.not_found':
        return new CapabilityError('not_found', `${where}: ${path || '/'} does not exist`);
      case 'workspace.too_large':
        return new CapabilityError('too_large', `${where}: files are at most 10 MB`);
      case 'workspace.exceeded':
        return new CapabilityError('quota_exceeded', `${where}: ${lowerFirst(error.message)}`);
      case 'workspace.conflict':
        return new CapabilityError('invalid_argument', `${where}: the directory is not empty`);
      default:
        return error;
    }
  }
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return new CapabilityError('not_found', `${where}: no such file or directory`);
    case 'EISDIR':
    case 'ENOTDIR':
    case 'EEXIST':
      return new CapabilityError('invalid_argument', `${where}: a file and a directory are in each other's way`);
    default:
      return new CapabilityError('upstream_error', `${where}: the file operation failed`);
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
