/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError, workspace, WorkspaceEntry } from 'kernel:api';

interface WorkspaceListInput {
  path?: string;
  recursive?: boolean;
  max_entries?: number;
}

const DEFAULT_MAX_ENTRIES = 200;
const MAX_DEPTH = 10;

function toEntry(entry: WorkspaceEntry) {
  return { path: entry.path, name: entry.name, type: entry.type, size: entry.size, modified_at: entry.modifiedAt };
}

export default async function workspaceList(input: WorkspaceListInput) {
  const root = (input.path ?? '').replace(/^\.\/?$|\/+$/g, '');
  const maxEntries = input.max_entries ?? DEFAULT_MAX_ENTRIES;
  if (root !== '') {
    const stat = await workspace.stat(root);
    if (stat === null) return { path: root, exists: false, entries: [], truncated: false };
    if (stat.type === 'file') throw new ToolError('not_a_directory', `${root} is a file; use workspace_read to read it.`);
  }
  const entries: WorkspaceEntry[] = [];
  // Breadth-first, so a truncated listing still shows the upper levels.
  let level: Array<string | undefined> = [root === '' ? undefined : root];
  let truncated = false;
  for (let depth = 0; level.length > 0 && !truncated; depth++) {
    const next: string[] = [];
    for (const dir of level) {
      const children = (await workspace.list(dir)).sort((a, b) => a.path.localeCompare(b.path));
      for (const child of children) {
        if (entries.length >= maxEntries) {
          truncated = true;
          break;
        }
        entries.push(child);
        if (child.type === 'directory') next.push(child.path);
      }
      if (truncated) break;
    }
    level = input.recursive && depth + 1 < MAX_DEPTH ? next : [];
  }
  return { path: root, exists: true, entries: entries.map(toEntry), truncated };
}
