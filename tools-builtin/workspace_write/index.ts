/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError, workspace } from 'kernel:api';

interface WorkspaceWriteInput {
  path: string;
  content: string;
  encoding?: 'utf8' | 'base64';
  mode?: 'overwrite' | 'append' | 'create';
}

export default async function workspaceWrite(input: WorkspaceWriteInput) {
  const mode = input.mode ?? 'overwrite';
  const existing = await workspace.stat(input.path);
  if (existing?.type === 'directory') throw new ToolError('is_a_directory', `${input.path} is a directory.`);
  if (existing !== null && mode === 'create') {
    return {
      path: input.path,
      written: false,
      created: false,
      size: existing.size,
      message: 'The file already exists and mode is `create`; nothing was written.',
    };
  }
  const { size } = await workspace.write(input.path, input.content, { encoding: input.encoding ?? 'utf8', append: mode === 'append' });
  return { path: input.path, written: true, created: existing === null, size };
}
