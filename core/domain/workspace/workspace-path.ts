import { WorkspacePathRefusedError } from './workspace.errors';

/** Characters of a whole path, and UTF-8 bytes of one name (what Linux and most file systems allow). */
export const MAX_WORKSPACE_PATH_CHARS = 1024;
export const MAX_WORKSPACE_NAME_BYTES = 255;

const DRIVE_LETTER = /^[A-Za-z]:/;
/** Any percent-encoded octet: nothing decodes workspace paths, but a layer that did would turn `%2e%2e%2f` into `../`. */
const PERCENT_ENCODED = /%[0-9A-Fa-f]{2}/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
const encoder = new TextEncoder();

/**
 * A workspace path checked by its text alone, before any file is touched (behaviour rule 8):
 * its `/`-separated names, `.` and empty names dropped. Refused with `WorkspacePathRefusedError`:
 * anything but a string, an empty or over-long path or name, a NUL byte or another control
 * character, a backslash, a drive letter, an absolute or `~` path, a percent-encoded octet, and
 * a `..` name. Symlinks are the adapter's to check, on disk.
 */
export function workspacePathSegments(path: unknown): string[] {
  const segments = checkedSegments(path);
  if (segments.length === 0) throw new WorkspacePathRefusedError('it names the workspace itself, not a file');
  return segments;
}

/**
 * A folder of the workspace, by the same rules, where `''`, `.` and `./` name the workspace
 * itself (no names): what listing, folder creation and `stat` accept.
 */
export function workspaceFolderSegments(path: unknown): string[] {
  return path === '' ? [] : checkedSegments(path);
}

function checkedSegments(path: unknown): string[] {
  if (typeof path !== 'string' || path.length === 0) throw new WorkspacePathRefusedError('it is empty');
  if (path.length > MAX_WORKSPACE_PATH_CHARS) throw new WorkspacePathRefusedError(`it is longer than ${MAX_WORKSPACE_PATH_CHARS} characters`);
  if (path.includes('\0')) throw new WorkspacePathRefusedError('it contains a NUL byte');
  if (CONTROL.test(path)) throw new WorkspacePathRefusedError('it contains a control character');
  if (path.includes('\\')) throw new WorkspacePathRefusedError('use "/" as the separator, never "\\"');
  if (DRIVE_LETTER.test(path)) throw new WorkspacePathRefusedError('it names a drive');
  if (path.startsWith('/') || path.startsWith('~')) throw new WorkspacePathRefusedError('it must be relative to the workspace');
  if (PERCENT_ENCODED.test(path)) throw new WorkspacePathRefusedError('it contains a percent-encoded character');
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw new WorkspacePathRefusedError('".." is not allowed');
  if (segments.some((segment) => encoder.encode(segment).length > MAX_WORKSPACE_NAME_BYTES)) {
    throw new WorkspacePathRefusedError(`a name is longer than ${MAX_WORKSPACE_NAME_BYTES} bytes`);
  }
  return segments;
}

/** The normalised form of a valid path: its names joined by `/`. */
export function normalWorkspacePath(path: unknown): string {
  return workspacePathSegments(path).join('/');
}
