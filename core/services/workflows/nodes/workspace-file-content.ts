import { base64ToBytes, bytesToBase64 } from '../../../shared/base64';
import { JsonSchema } from '../../../shared/json';
import { NodeFailure } from './node-failure';

/** Largest file a workflow node reads or writes: its content becomes a step output. */
export const MAX_WORKSPACE_FILE_BYTES = 1_048_576;
export const MAX_WORKSPACE_PATH_CHARS = 1024;

export const FILE_ENCODINGS = ['utf-8', 'base64'] as const;
export type FileEncoding = (typeof FILE_ENCODINGS)[number];

export const ENCODING_FIELD: JsonSchema = { enum: [...FILE_ENCODINGS] };

export function encodingOf(value: unknown): FileEncoding {
  return value === 'base64' ? 'base64' : 'utf-8';
}

/** A rendered workspace path; the port refuses one that could leave the workspace. */
export function workspacePath(rendered: string): string {
  const path = rendered.trim();
  if (path === '' || path.length > MAX_WORKSPACE_PATH_CHARS) {
    throw new NodeFailure('workspace.path_refused', `The path is refused: it must be 1 to ${MAX_WORKSPACE_PATH_CHARS} characters`);
  }
  return path;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

export function decodeContent(bytes: Uint8Array, encoding: FileEncoding): string {
  if (encoding === 'base64') return bytesToBase64(bytes);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new NodeFailure('workflow.not_text', 'The file is not UTF-8 text; read it with encoding "base64"');
  }
}

export function encodeContent(content: string, encoding: FileEncoding): Uint8Array {
  if (encoding === 'utf-8') return encoder.encode(content);
  const bytes = base64ToBytes(content);
  if (!bytes) throw new NodeFailure('workflow.invalid_base64', 'The content is not valid base64');
  return bytes;
}
