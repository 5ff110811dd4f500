import { token } from '../shared/token';

export interface WorkspaceFile {
  /** Relative to the workspace root, `/`-separated, normalised. */
  path: string;
  sizeBytes: number;
  modifiedAt: Date;
}

/**
 * Each user's own folder of files (uploads, and what workflow file nodes read and write). Every
 * path is relative to the owner's workspace; one that could escape it is refused with
 * `WorkspacePathRefusedError` before any file is touched (behaviour rule 8).
 */
export interface WorkspaceFiles {
  /** Throws `WorkspaceFileNotFoundError`, or `WorkspaceFileTooLargeError` past `maxBytes`. */
  read(ownerId: string, path: string, maxBytes: number): Promise<Uint8Array>;
  /** Creates or replaces the file (and its folders); the write is atomic (no half-written file is ever read). */
  write(ownerId: string, path: string, data: Uint8Array): Promise<WorkspaceFile>;
  /** Undefined when there is no such file. */
  stat(ownerId: string, path: string): Promise<WorkspaceFile | undefined>;
}

export const WORKSPACE_FILES = token<WorkspaceFiles>('WorkspaceFiles');
