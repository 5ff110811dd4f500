import { constants, Stats } from 'node:fs';
import { FileHandle, lstat, open, rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import {
  WorkspaceFileNotFoundError,
  WorkspaceFileTooLargeError,
  WorkspaceFolderNotEmptyError,
  WorkspacePathRefusedError,
} from '../../../core/domain/workspace/workspace.errors';
import { workspaceFolderSegments, workspacePathSegments } from '../../../core/domain/workspace/workspace-path';
import { WorkspaceChangeOptions, WorkspaceEntry, WorkspaceFile, WorkspaceFileHead, WorkspaceFiles } from '../../../core/ports/workspace-files.port';
import { entryAt, fileOf, listFolder } from './workspace-entries';
import { appendTo, replaceAtomically, SizeChange } from './workspace-file-writes';
import { ensureFolder, existingFolder, isMissing, workspaceRoot } from './workspace-root';
import { assertRoomFor, whatWriteAdds, WorkspaceLimits } from './workspace-usage';

/** Opening never follows a symlink as the last name: ELOOP instead. */
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW;

/**
 * WorkspaceFiles on the local disk: `<workspacesDir>/<ownerId>/<path>` (behaviour rule 8).
 * A path is checked by its text first (`workspacePathSegments`), before anything is touched;
 * then folders are followed only while their real paths stay inside the owner's root, and
 * the last name is opened with O_NOFOLLOW (or lstat-ed), so a symlink there is refused whatever
 * it points at. A write goes to a fresh temporary file in the same folder, then is renamed over
 * the target: a reader sees the old file or the new one, never half of one. Changes that grow
 * a workspace run one at a time per owner in this process, so two cannot both pass the caps
 * measured before either.
 */
export class FileSystemWorkspaceFiles implements WorkspaceFiles {
  private readonly changesInFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly workspacesDir: string,
    private readonly limits: WorkspaceLimits,
  ) {}

  async read(ownerId: string, path: string, maxBytes: number): Promise<Uint8Array> {
    return (await this.readStart(ownerId, path, maxBytes, true)).head;
  }

  async readHead(ownerId: string, path: string, maxBytes: number): Promise<WorkspaceFileHead> {
    return this.readStart(ownerId, path, maxBytes, false);
  }

  async stat(ownerId: string, path: string): Promise<WorkspaceFile | undefined> {
    let handle: FileHandle;
    try {
      handle = await this.openFile(ownerId, path);
    } catch (error) {
      if (error instanceof WorkspaceFileNotFoundError) return undefined;
      throw error;
    }
    try {
      const info = await handle.stat();
      return info.isFile() ? fileOf(workspacePathSegments(path), info) : undefined;
    } finally {
      await handle.close();
    }
  }

  async entry(ownerId: string, path: string): Promise<WorkspaceEntry | undefined> {
    const names = workspaceFolderSegments(path);
    return entryAt(await workspaceRoot(this.workspacesDir, ownerId, false), names);
  }

  async list(ownerId: string, folder: string, limit: number): Promise<WorkspaceEntry[]> {
    const names = workspaceFolderSegments(folder);
    return listFolder(await workspaceRoot(this.workspacesDir, ownerId, false), names, limit);
  }

  async write(ownerId: string, path: string, data: Uint8Array, options: WorkspaceChangeOptions = {}): Promise<WorkspaceFile> {
    const names = workspacePathSegments(path);
    return this.oneAtATime(ownerId, async () => {
      const { folder, target } = await this.prepareChange(ownerId, names, (current) => data.byteLength - current, options);
      await replaceAtomically(folder, target, data);
      return fileOf(names, await lstat(target));
    });
  }

  async append(ownerId: string, path: string, data: Uint8Array, maxFileBytes: number, options: WorkspaceChangeOptions = {}): Promise<WorkspaceFile> {
    const names = workspacePathSegments(path);
    const sizeChange: SizeChange = (current) => {
      if (current + data.byteLength > maxFileBytes) throw new WorkspaceFileTooLargeError(maxFileBytes);
      return data.byteLength;
    };
    return this.oneAtATime(ownerId, async () => {
      const { folder, target, existing } = await this.prepareChange(ownerId, names, sizeChange, options);
      if (existing === undefined) await replaceAtomically(folder, target, data);
      else await appendTo(target, data, sizeChange);
      return fileOf(names, await lstat(target));
    });
  }

  async makeFolder(ownerId: string, path: string, options: WorkspaceChangeOptions = {}): Promise<void> {
    const names = workspaceFolderSegments(path);
    if (names.length === 0) return;
    await this.oneAtATime(ownerId, async () => {
      const root = (await workspaceRoot(this.workspacesDir, ownerId, true)) as string;
      const { missing } = await whatWriteAdds(root, names);
      await assertRoomFor(root, { bytes: 0, files: missing }, this.limits);
      await options.beforeChange?.();
      await ensureFolder(root, names);
    });
  }

  async delete(ownerId: string, path: string): Promise<boolean> {
    const names = workspacePathSegments(path);
    const root = await workspaceRoot(this.workspacesDir, ownerId, false);
    const folder = root === undefined ? undefined : await existingFolder(root, names.slice(0, -1));
    if (folder === undefined) return false;
    const target = join(folder, names[names.length - 1]);
    const existing = await lstat(target).catch(() => undefined);
    if (existing === undefined) return false;
    if (existing.isSymbolicLink()) throw new WorkspacePathRefusedError('it is a symbolic link');
    try {
      await (existing.isDirectory() ? rmdir(target) : unlink(target));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOTEMPTY') throw new WorkspaceFolderNotEmptyError(names.join('/'));
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** Measures the change against the caps, lets the caller admit it, then makes the folders: where the file goes, and what is there now. */
  private async prepareChange(
    ownerId: string,
    names: string[],
    sizeChange: SizeChange,
    options: WorkspaceChangeOptions,
  ): Promise<{ folder: string; target: string; existing: Stats | undefined }> {
    const root = (await workspaceRoot(this.workspacesDir, ownerId, true)) as string;
    const { missing, replacedBytes } = await whatWriteAdds(root, names);
    await assertRoomFor(root, { bytes: sizeChange(replacedBytes), files: missing }, this.limits);
    await options.beforeChange?.();
    const folder = await ensureFolder(root, names.slice(0, -1));
    const target = join(folder, names[names.length - 1]);
    const existing = await lstat(target).catch(() => undefined);
    if (existing?.isSymbolicLink()) throw new WorkspacePathRefusedError('it is a symbolic link');
    if (existing?.isDirectory()) throw new WorkspacePathRefusedError('a folder of that name is in the way');
    return { folder, target, existing };
  }

  private async readStart(ownerId: string, path: string, maxBytes: number, whole: boolean): Promise<WorkspaceFileHead> {
    const handle = await this.openFile(ownerId, path);
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new WorkspaceFileNotFoundError(path);
      if (whole && info.size > maxBytes) throw new WorkspaceFileTooLargeError(maxBytes);
      const buffer = Buffer.alloc(Math.min(info.size, maxBytes));
      const { bytesRead } = await handle.read(buffer, 0, buffer.byteLength, 0);
      return { file: fileOf(workspacePathSegments(path), info), head: new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead) };
    } finally {
      await handle.close();
    }
  }

  /** The file opened for reading, never through a final symlink; missing files and folders are `WorkspaceFileNotFoundError`. */
  private async openFile(ownerId: string, path: string): Promise<FileHandle> {
    const names = workspacePathSegments(path);
    const root = await workspaceRoot(this.workspacesDir, ownerId, false);
    const folder = root === undefined ? undefined : await existingFolder(root, names.slice(0, -1));
    if (folder === undefined) throw new WorkspaceFileNotFoundError(path);
    try {
      return await open(join(folder, names[names.length - 1]), READ_FLAGS);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new WorkspacePathRefusedError('it is a symbolic link');
      if (isMissing(error)) throw new WorkspaceFileNotFoundError(path);
      throw error;
    }
  }

  private oneAtATime<T>(ownerId: string, work: () => Promise<T>): Promise<T> {
    const result = (this.changesInFlight.get(ownerId) ?? Promise.resolve()).then(work);
    const tail = result.catch(() => undefined);
    this.changesInFlight.set(ownerId, tail);
    // The map holds only owners with a change in flight.
    void tail.then(() => {
      if (this.changesInFlight.get(ownerId) === tail) this.changesInFlight.delete(ownerId);
    });
    return result;
  }
}
