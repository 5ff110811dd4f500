import { readFile, realpath } from 'node:fs/promises';
import { join, relative, isAbsolute } from 'node:path';
import { InvalidPluginError } from '../../../core/domain/tool/tool.errors';
import { FieldIssue } from '../../../core/shared/domain-error';
import { ManifestChecks } from './manifest-checks';
import { validateManifest } from './manifest-validator';
import { PluginManifest } from './plugin-manifest';

export interface PluginSource {
  manifest: PluginManifest;
  /** The bundled entry file's text. */
  code: string;
  dir: string;
}

/**
 * Reads `<dir>/manifest.json` and its entry. Throws `InvalidPluginError` listing every
 * problem: unreadable JSON, manifest issues (checked with `checks`), an id that is
 * not the folder name, a missing or escaping entry file.
 */
export async function loadPluginFolder(dir: string, checks: ManifestChecks, options: { expectPublisher?: string } = {}): Promise<PluginSource> {
  const folder = dir.split(/[\\/]/).filter(Boolean).pop() ?? '';
  const raw = await readManifestJson(dir, folder);
  const check = validateManifest(raw, checks);
  const issues: FieldIssue[] = check.ok ? [] : [...check.issues];
  const manifest = raw as Partial<PluginManifest>;
  if (typeof manifest.id === 'string' && manifest.id !== folder) {
    issues.push({ field: 'id', message: `"${manifest.id}" must equal the folder name "${folder}"` });
  }
  if (options.expectPublisher && typeof manifest.publisher === 'string' && manifest.publisher !== options.expectPublisher) {
    issues.push({ field: 'publisher', message: `must be "${options.expectPublisher}" here` });
  }
  const code = typeof manifest.entry === 'string' ? await readEntry(dir, manifest.entry, issues) : undefined;
  if (issues.length > 0 || code === undefined) {
    throw new InvalidPluginError(`Plugin "${folder}" is invalid: ${issues.map((i) => `${i.field} ${i.message}`).join('; ')}`, issues);
  }
  return { manifest: manifest as PluginManifest, code, dir };
}

async function readManifestJson(dir: string, folder: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(join(dir, 'manifest.json'), 'utf8');
  } catch {
    throw new InvalidPluginError(`Plugin "${folder}" has no readable manifest.json`, [{ field: 'manifest.json', message: 'is missing' }]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InvalidPluginError(`Plugin "${folder}" has a malformed manifest.json`, [
      { field: 'manifest.json', message: `is not valid JSON: ${(error as Error).message}` },
    ]);
  }
}

async function readEntry(dir: string, entry: string, issues: FieldIssue[]): Promise<string | undefined> {
  try {
    const root = await realpath(dir);
    const file = await realpath(join(dir, entry));
    const rel = relative(root, file);
    if (rel.startsWith('..') || isAbsolute(rel)) {
      issues.push({ field: 'entry', message: 'must stay inside the plugin folder' });
      return undefined;
    }
    return await readFile(file, 'utf8');
  } catch {
    issues.push({ field: 'entry', message: `"${entry}" does not exist (run npm run build:tools)` });
    return undefined;
  }
}
