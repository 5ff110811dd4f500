import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const RELATIVE = join('plugins', 'kernel', 'sandbox', 'worker', 'sandbox-worker.js');

/**
 * The worker is plain JavaScript kept in the source tree. From the TypeScript sources (Jest)
 * it sits next to this file; from compiled output (`dist/plugins/kernel/sandbox`) tsc has
 * not copied it, so the path is found by walking up to the checkout that holds it (and its
 * node_modules with isolated-vm).
 */
export function sandboxWorkerScript(from: string = __dirname): string {
  let dir = resolve(from);
  for (let i = 0; i < 8; i += 1) {
    const candidate = join(dir, RELATIVE);
    if (existsSync(candidate)) return candidate;
    const parent = resolve(dir, '..');
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(`Cannot find the sandbox worker script (${RELATIVE}) above ${from}`);
}

/** The checkout root that holds the kernel sources, tools-builtin/ and plugins/market/. */
export function projectRoot(from: string = __dirname): string {
  return resolve(sandboxWorkerScript(from), '..', '..', '..', '..', '..');
}
