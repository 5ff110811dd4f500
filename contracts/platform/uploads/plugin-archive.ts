import { gunzipSync } from 'node:zlib';
import { Parser, ReadEntry } from 'tar';
import { ValidationError } from '../../../core/shared/common.errors';
import { PluginBundleRequest } from '../dto/plugin.dto';

/** Unpacked size cap: a small archive must not inflate into gigabytes (gzip bomb). */
const MAX_UNPACKED_BYTES = 16 * 1024 * 1024;
const MAX_ENTRIES = 256;
const SIGNATURE_BYTES = 64;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a `.tgz` (or plain `.tar`) plugin bundle in memory, never touching the disk: it holds
 * `manifest.json`, the entry file the manifest names, and `signature` (base64 text) or
 * `signature.sig` (64 raw bytes), optionally `public_key_id`; all at the root or under one
 * top-level folder. Only regular files and folders are accepted. The result is the JSON
 * bundle's shape, so both upload forms take the same path from here on.
 */
export async function readPluginArchive(bytes: Buffer): Promise<PluginBundleRequest> {
  const files = withoutCommonFolder(await unpack(isGzip(bytes) ? gunzip(bytes) : bytes));
  const manifest = parseManifest(files.get('manifest.json'));
  const entry = typeof manifest.entry === 'string' ? normalise(manifest.entry) : undefined;
  const code = entry === undefined ? undefined : files.get(entry);
  if (code === undefined) throw archiveError(`holds no entry file "${String(manifest.entry)}" (the manifest's \`entry\`)`);
  const keyId = files.get('public_key_id');
  return {
    manifest,
    code: text(code, entry as string),
    signature: signatureOf(files),
    ...(keyId === undefined ? {} : { public_key_id: text(keyId, 'public_key_id').trim() }),
  };
}

function isGzip(bytes: Buffer): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

function gunzip(bytes: Buffer): Buffer {
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_UNPACKED_BYTES });
  } catch (error) {
    // By code, not class: errors from node's core may come from another realm (jest, vm).
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw archiveError(`unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB`);
    throw archiveError('is not a valid gzip file');
  }
}

function unpack(tarBytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const files = new Map<string, Buffer>();
    let problem: ValidationError | undefined;
    let entries = 0;
    const fail = (error: ValidationError) => {
      problem ??= error;
    };
    const parser = new Parser({
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        entries += 1;
        const path = normalise(entry.path);
        if (entries > MAX_ENTRIES) fail(archiveError(`holds more than ${MAX_ENTRIES} entries`));
        else if (entry.type !== 'File' && entry.type !== 'Directory')
          fail(archiveError(`may hold only files and folders ("${entry.path}" is a ${entry.type})`));
        else if (path === undefined) fail(archiveError(`holds an unsafe path "${entry.path}"`));
        else if (entry.type === 'File' && files.has(path)) fail(archiveError(`holds "${path}" twice`));
        if (problem || entry.type !== 'File' || path === undefined) {
          entry.resume();
          return;
        }
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => files.set(path, Buffer.concat(chunks)));
      },
    });
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      if (problem) reject(problem);
      else resolve(files);
    };
    parser.on('error', () => fail(archiveError('is not a valid tar archive')));
    parser.on('end', settle);
    parser.on('close', settle);
    parser.end(tarBytes);
  });
}

/** `./a/b` → `a/b`; absolute paths, `..` and empty segments are unsafe (undefined). */
function normalise(path: string): string | undefined {
  const segments = path
    .replace(/\/+$/, '')
    .split('/')
    .filter((s, i) => !(i === 0 && s === '.'));
  if (path.startsWith('/') || path.includes('\\') || path.includes('\0')) return undefined;
  if (segments.length === 0 || segments.some((s) => s === '' || s === '.' || s === '..')) return undefined;
  return segments.join('/');
}

/** `package/manifest.json` (npm pack, tar of a folder) reads as `manifest.json`. */
function withoutCommonFolder(files: Map<string, Buffer>): Map<string, Buffer> {
  if (files.has('manifest.json')) return files;
  const tops = new Set([...files.keys()].map((path) => path.split('/')[0]));
  const [top] = tops;
  if (tops.size !== 1 || !files.has(`${top}/manifest.json`)) return files;
  return new Map([...files].map(([path, bytes]) => [path.slice(top.length + 1), bytes]));
}

function parseManifest(bytes: Buffer | undefined): Record<string, unknown> {
  if (bytes === undefined) throw archiveError('holds no manifest.json');
  let manifest: unknown;
  try {
    manifest = JSON.parse(text(bytes, 'manifest.json'));
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw archiveError('has a manifest.json that is not valid JSON');
  }
  if (manifest === null || typeof manifest !== 'object' || Array.isArray(manifest)) throw archiveError('has a manifest.json that is not a JSON object');
  return manifest as Record<string, unknown>;
}

/** Empty when there is none: the signature check then refuses the bundle as unsigned. */
function signatureOf(files: Map<string, Buffer>): string {
  const raw = files.get('signature.sig');
  if (raw !== undefined && raw.length === SIGNATURE_BYTES) return raw.toString('base64');
  const base64 = files.get('signature');
  return base64 === undefined ? '' : text(base64, 'signature').trim();
}

function text(bytes: Buffer, name: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw archiveError(`has a "${name}" that is not UTF-8 text`);
  }
}

function archiveError(problem: string): ValidationError {
  return new ValidationError(`The plugin archive ${problem}`, [{ field: 'bundle', message: problem }]);
}
