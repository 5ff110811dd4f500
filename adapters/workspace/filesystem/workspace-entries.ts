import { Stats } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { WorkspaceFileNotFoundError, WorkspacePathRefusedError } from '../../../core/domain/workspace/workspace.errors';
import { WorkspaceEntry, WorkspaceFile } from '../../../core/ports/workspace-files.port';
import { existingFolder, isMissing } from './workspace-root';

/** The workspace itself before anything was written to it: an empty folder. */
const UNWRITTEN_ROOT: WorkspaceEntry = { path: '', kind: 'folder', sizeBytes: 0, modifiedAt: new Date(0) };

export function fileOf(names: ReadonlyArray<string>, info: Stats): WorkspaceFile {
  return { path: names.join('/'), sizeBytes: info.size, modifiedAt: new Date(info.mtimeMs) };
}

function entryOf(names: ReadonlyArray<string>, info: Stats): WorkspaceEntry {
  const kind = info.isDirectory() ? 'folder' : 'file';
  return { ...fileOf(names, info), kind, sizeBytes: kind === 'folder' ? 0 : info.size };
}

/** The last name's own lstat (a symlink there is refused, never followed); undefined when missing. */
async function lastName(folder: string, name: string): Promise<Stats | undefined> {
  let info: Stats;
  try {
    info = await lstat(join(folder, name));
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  if (info.isSymbolicLink()) throw new WorkspacePathRefusedError('it is a symbolic link');
  return info.isFile() || info.isDirectory() ? info : undefined;
}

/** The file or folder at `names` under the real root (undefined: the owner has no workspace yet). */
export async function entryAt(root: string | undefined, names: ReadonlyArray<string>): Promise<WorkspaceEntry | undefined> {
  if (names.length === 0) return root === undefined ? UNWRITTEN_ROOT : entryOf([], await lstat(root));
  const parent = root === undefined ? undefined : await existingFolder(root, names.slice(0, -1));
  if (parent === undefined) return undefined;
  const info = await lastName(parent, names[names.length - 1]);
  return info === undefined ? undefined : entryOf(names, info);
}

/** The files and folders of a folder (symlinks and other kinds left out), sorted by path, at most `limit`. */
export async function listFolder(root: string | undefined, names: ReadonlyArray<string>, limit: number): Promise<WorkspaceEntry[]> {
  const folder = await folderAt(root, names);
  if (folder === undefined) {
    if (names.length === 0) return [];
    throw new WorkspaceFileNotFoundError(names.join('/'));
  }
  const children = (await readdir(folder, { withFileTypes: true }))
    .filter((dirent) => dirent.isFile() || dirent.isDirectory())
    .map((dirent) => dirent.name)
    .sort((a, b) => a.localeCompare(b))
    .slice(0, limit);
  const entries = await Promise.all(
    // A child removed meanwhile is left out.
    children.map(async (name) =>
      lstat(join(folder, name)).then(
        (info) => entryOf([...names, name], info),
        () => undefined,
      ),
    ),
  );
  return entries.filter((entry): entry is WorkspaceEntry => entry !== undefined);
}

async function folderAt(root: string | undefined, names: ReadonlyArray<string>): Promise<string | undefined> {
  if (root === undefined || names.length === 0) return root;
  const parent = await existingFolder(root, names.slice(0, -1));
  if (parent === undefined) return undefined;
  const info = await lastName(parent, names[names.length - 1]);
  if (info?.isFile()) throw new WorkspacePathRefusedError(`"${names.join('/')}" is a file, not a folder`);
  return info === undefined ? undefined : join(parent, names[names.length - 1]);
}
