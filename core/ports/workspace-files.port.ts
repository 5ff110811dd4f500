import { token } from '../shared/token';

export interface WorkspaceFile {
  /** Relative to the workspace root, `/`-separated, normalised. */
  path: string;
  sizeBytes: number;
  modifiedAt: Date;
}

/** A file or a folder; a folder's size is 0, the workspace itself is the folder at path `''`. */
export interface WorkspaceEntry extends WorkspaceFile {
  kind: 'file' | 'folder';
}

/** The first bytes of a file, and the file they come from (its whole size). */
export interface WorkspaceFileHead {
  file: WorkspaceFile;
  head: Uint8Array;
}

export interface WorkspaceChangeOptions {
  /**
   * Runs in the owner's turn, once the change is known to fit the workspace caps and before
   * anything is written (e.g. to spend a daily write quota); a throw cancels the change.
   */
  beforeChange?: () => Promise<void>;
}

/**
 * Each user's own folder of files (uploads, what workflow file nodes and the plugins' `workspace`
 * capability read and write). Every path is relative to the owner's workspace; one that could
 * escape it is refused with `WorkspacePathRefusedError` before any file is touched, and a path
 * whose last name is a symlink is refused whatever it points at (behaviour rule 8). A change
 * that would pass the workspace's caps (bytes, files and folders) is `WorkspaceFullError` and
 * changes nothing.
 */
export interface WorkspaceFiles {
  /** Throws `WorkspaceFileNotFoundError` (also for a folder), or `WorkspaceFileTooLargeError` past `maxBytes`. */
  read(ownerId: string, path: string, maxBytes: number): Promise<Uint8Array>;
  /** At most the first `maxBytes` bytes, whatever the file's size; throws `WorkspaceFileNotFoundError`. */
  readHead(ownerId: string, path: string, maxBytes: number): Promise<WorkspaceFileHead>;
  /** Creates or replaces the file (and its folders); the write is atomic (no half-written file is ever read). */
  write(ownerId: string, path: string, data: Uint8Array, options?: WorkspaceChangeOptions): Promise<WorkspaceFile>;
  /**
   * Adds to the end of the file, creating it (and its folders) when missing; appends are never
   * lost to each other, but a reader may see the file before the append ends. Throws
   * `WorkspaceFileTooLargeError`, changing nothing, when the file would pass `maxFileBytes`.
   */
  append(ownerId: string, path: string, data: Uint8Array, maxFileBytes: number, options?: WorkspaceChangeOptions): Promise<WorkspaceFile>;
  /** Undefined when there is no such file (a folder is no file). */
  stat(ownerId: string, path: string): Promise<WorkspaceFile | undefined>;
  /** A file or folder (`''` is the workspace itself, always there); undefined when there is none. */
  entry(ownerId: string, path: string): Promise<WorkspaceEntry | undefined>;
  /**
   * What a folder holds (`''`: the workspace), files and folders only, sorted by path, at most
   * `limit`. Throws `WorkspaceFileNotFoundError` when it is missing, `WorkspacePathRefusedError` for a file.
   */
  list(ownerId: string, folder: string, limit: number): Promise<WorkspaceEntry[]>;
  /** Creates the folder and those above it; nothing when it is there. A file in the way is `WorkspacePathRefusedError`. */
  makeFolder(ownerId: string, path: string, options?: WorkspaceChangeOptions): Promise<void>;
  /** Removes a file or an empty folder (`WorkspaceFolderNotEmptyError` otherwise); false when nothing was there. */
  delete(ownerId: string, path: string): Promise<boolean>;
}

export const WORKSPACE_FILES = token<WorkspaceFiles>('WorkspaceFiles');
