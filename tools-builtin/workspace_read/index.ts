/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { KernelErrorCode, ToolError, workspace } from 'kernel:api';

interface WorkspaceReadInput {
  path: string;
  encoding?: 'utf8' | 'base64';
  offset?: number;
  max_chars?: number;
}

const DEFAULT_MAX_CHARS = 100_000;
// base64 is returned whole, and the kernel refuses outputs over 1,048,576 characters.
const MAX_BASE64_BYTES = 512 * 1024;

function isNotFound(error: unknown): boolean {
  return (error as { code?: KernelErrorCode } | null)?.code === 'not_found';
}

export default async function workspaceRead(input: WorkspaceReadInput) {
  const encoding = input.encoding ?? 'utf8';
  const entry = await workspace.stat(input.path);
  if (entry === null) return { path: input.path, exists: false };
  if (entry.type === 'directory') throw new ToolError('is_a_directory', `${input.path} is a directory; use workspace_list to see what it holds.`);
  if (encoding === 'base64' && entry.size > MAX_BASE64_BYTES) {
    throw new ToolError(
      'too_large',
      `${input.path} is ${entry.size} bytes; base64 reads are limited to ${MAX_BASE64_BYTES} bytes (read text files as utf8, in windows).`,
    );
  }
  let content: string;
  try {
    content = await workspace.read(input.path, { encoding });
  } catch (error) {
    if (isNotFound(error)) return { path: input.path, exists: false }; // removed between stat and read
    throw error;
  }
  const offset = input.offset ?? 0;
  const maxChars = input.max_chars ?? DEFAULT_MAX_CHARS;
  const slice = encoding === 'base64' ? content : content.slice(offset, offset + maxChars);
  return {
    path: entry.path,
    exists: true,
    encoding,
    size: entry.size,
    modified_at: entry.modifiedAt,
    content: slice,
    length: content.length,
    truncated: encoding === 'utf8' && offset + maxChars < content.length,
  };
}
