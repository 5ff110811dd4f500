import { randomUUID } from 'node:crypto';
import { constants, Stats } from 'node:fs';
import { FileHandle, lstat, open, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { WorkspaceFileNotFoundError, WorkspaceFileTooLargeError, WorkspacePathRefusedError } from '../../../core/domain/workspace/workspace.errors';
import { workspacePathSegments } from '../../../core/domain/workspace/workspace-path';
import { WorkspaceFile, WorkspaceFiles } from '../../../core/ports/workspace-files.port';
import { ensureFolder, existingFolder, isMissing, workspaceRoot } from './workspace-root';
import { assertRoomFor, whatWriteAdds, WorkspaceLimits } from './workspace-usage';

/** Opening never follows a symlink as the last name: ELOOP instead. */
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW;
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * WorkspaceFiles on the local disk: `<workspacesDir>/<ownerId>/<path>` (behaviour rule 8).
 * A path is checked by its text first (`workspacePathSegments`), before anything is touched;
 * then folders are followed only while their real paths stay inside the owner's root, and
 * the last name is opened with O_NOFOLLOW, so a symlink there is refused whatever it points
 * at. A write goes to a fresh temporary file in the same folder, then is renamed over the
 * target: a reader sees the old file or the new one, never half of one. Writes of one owner
 * run one at a time in this process, so two cannot both pass the size cap measured before either.
 */
export class FileSystemWorkspaceFiles implements WorkspaceFiles {
  private readonly writesInFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly workspacesDir: string,
    private readonly limits: WorkspaceLimits,
  ) {}

  async read(ownerId: string, path: string, maxBytes: number): Promise<Uint8Array> {
    const handle = await this.openFile(ownerId, path);
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new WorkspaceFileNotFoundError(path);
      if (info.size > maxBytes) throw new WorkspaceFileTooLargeError(maxBytes);
      const buffer = Buffer.alloc(info.size);
      const { bytesRead } = await handle.read(buffer, 0, info.size, 0);
      return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
    } finally {
      await handle.close();
    }
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

  async write(ownerId: string, path: string, data: Uint8Array): Promise<WorkspaceFile> {
    const names = workspacePathSegments(path);
    return this.oneAtATime(ownerId, () => this.writeNow(ownerId, names, data));
  }

  private async writeNow(ownerId: string, names: string[], data: Uint8Array): Promise<WorkspaceFile> {
    const root = (await workspaceRoot(this.workspacesDir, ownerId, true)) as string;
    const { missing, replacedBytes } = await whatWriteAdds(root, names);
    await assertRoomFor(root, { bytes: data.byteLength - replacedBytes, files: missing }, this.limits);
    const folder = await ensureFolder(root, names.slice(0, -1));
    const target = join(folder, names[names.length - 1]);
    const existing = await lstat(target).catch(() => undefined);
    if (existing?.isSymbolicLink()) throw new WorkspacePathRefusedError('it is a symbolic link');
    if (existing?.isDirectory()) throw new WorkspacePathRefusedError('a folder of that name is in the way');
    const temporary = join(folder, `.write-${randomUUID()}.tmp`);
    try {
      const handle = await open(temporary, CREATE_FLAGS, 0o600);
      try {
        await handle.writeFile(data);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    return fileOf(names, await lstat(target));
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
    const result = (this.writesInFlight.get(ownerId) ?? Promise.resolve()).then(work);
    const tail = result.catch(() => undefined);
    this.writesInFlight.set(ownerId, tail);
    // The map holds only owners with a write in flight.
    void tail.then(() => {
      if (this.writesInFlight.get(ownerId) === tail) this.writesInFlight.delete(ownerId);
    });
    return result;
  }
}

function fileOf(names: ReadonlyArray<string>, info: Stats): WorkspaceFile {
  return { path: names.join('/'), sizeBytes: info.size, modifiedAt: new Date(info.mtimeMs) };
}
