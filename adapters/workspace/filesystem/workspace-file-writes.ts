import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { FileHandle, open, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { WorkspacePathRefusedError } from '../../../core/domain/workspace/workspace.errors';

const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
const APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW;

/** The bytes a change adds, given the size of the file it lands on (0 when none); it may refuse the change. */
export type SizeChange = (currentBytes: number) => number;

/** Writes a fresh temporary file next to the target, then renames it over the target. */
export async function replaceAtomically(folder: string, target: string, data: Uint8Array): Promise<void> {
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
}

/** O_APPEND, so appends from several processes all land; the size is checked again on the open file. */
export async function appendTo(target: string, data: Uint8Array, sizeChange: SizeChange): Promise<void> {
  let handle: FileHandle;
  try {
    handle = await open(target, APPEND_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new WorkspacePathRefusedError('it is a symbolic link');
    throw error;
  }
  try {
    sizeChange((await handle.stat()).size);
    await handle.writeFile(data);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
