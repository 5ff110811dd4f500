#!/usr/bin/env node
'use strict';
/**
 * Bundles every tools-builtin/<id>/index.ts and plugins/market/<id>/index.ts into
 * <folder>/dist/index.js (the kernel's bundle format: CommonJS, `kernel:api` external).
 * Plain JavaScript so it runs before anything is compiled; test/support/kernel-harness.ts
 * calls `buildPlugins` too, so a test works on a fresh checkout.
 *
 *   node bin/build-plugins.js            build what changed
 *   node bin/build-plugins.js --force    rebuild everything
 *   node bin/build-plugins.js calc echo  only these plugin ids
 */
const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');

const ROOT = path.resolve(__dirname, '..');
const PLUGIN_ROOTS = ['tools-builtin', 'plugins/market'].map((dir) => path.join(ROOT, dir));
/** Pure helpers several plugins bundle (plugins/tool-lib); a change there rebuilds every plugin. */
const SHARED_SOURCE_ROOTS = [path.join(ROOT, 'plugins', 'tool-lib')];
const SOURCE_EXTENSIONS = new Set(['.ts', '.js', '.mjs', '.cjs', '.json']);

/** esbuild options shared by every plugin; exported so the docs and tests name one truth. */
const BUNDLE_OPTIONS = Object.freeze({
  bundle: true,
  format: 'cjs',
  platform: 'neutral',
  target: 'es2022',
  // Node built-ins stay `require()` calls that throw in the sandbox: libraries that only touch them lazily still work.
  // `punycode/` (trailing slash) is how libraries ask for the npm package rather than Node's deprecated
  // built-in of that name, so it is bundled like any package.
  external: ['kernel:api', 'node:*', ...builtinModules.filter((name) => name !== 'punycode')],
  // whatwg-url loads the legacy multi-byte text encodings (GBK, Big5, Shift_JIS…: 200 KB of tables) for
  // URLs of documents in those encodings; tools only ever parse UTF-8, so they get the package's lite entry.
  alias: { '@exodus/bytes/encoding.js': '@exodus/bytes/encoding-lite.js' },
  mainFields: ['module', 'main'],
  conditions: ['import', 'require', 'default'],
  legalComments: 'eof',
  charset: 'utf8',
  logLevel: 'silent',
  write: true,
});

/** Folders under `roots` that hold an index.ts (optionally only the given ids). */
function findPluginFolders(roots = PLUGIN_ROOTS, only) {
  const folders = [];
  for (const root of roots) {
    if (!fs.existsSync(root)) continue;
    for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
      if (!entry.isDirectory() || (only && !only.includes(entry.name))) continue;
      const dir = path.join(root, entry.name);
      if (fs.existsSync(path.join(dir, 'index.ts'))) folders.push(dir);
    }
  }
  return folders.sort();
}

function newestSourceMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(full));
    else if (SOURCE_EXTENSIONS.has(path.extname(entry.name))) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Plugins may import sibling folders and plugins/tool-lib, so any plugin source change rebuilds all. */
function isUpToDate(dir, newestPluginSource) {
  const out = path.join(dir, 'dist', 'index.js');
  return fs.existsSync(out) && fs.statSync(out).mtimeMs >= newestPluginSource;
}

function newestPluginSourceMtime() {
  return Math.max(0, ...[...PLUGIN_ROOTS, ...SHARED_SOURCE_ROOTS].filter((root) => fs.existsSync(root)).map(newestSourceMtime));
}

function formatErrors(error) {
  const messages = Array.isArray(error && error.errors) ? error.errors : [];
  if (messages.length === 0) return String((error && error.message) || error);
  return messages.map((m) => (m.location ? `${m.location.file}:${m.location.line}:${m.location.column}: ${m.text}` : m.text)).join('\n');
}

/**
 * Builds the plugin folders; never throws for one broken plugin.
 * @param {{ roots?: string[], only?: string[], force?: boolean, dirs?: string[] }} [options]
 * @returns {{ built: string[], skipped: string[], failed: { dir: string, error: string }[] }}
 */
function buildPlugins(options = {}) {
  const esbuild = require('esbuild');
  const dirs = options.dirs ? options.dirs.filter((d) => fs.existsSync(path.join(d, 'index.ts'))) : findPluginFolders(options.roots, options.only);
  const result = { built: [], skipped: [], failed: [] };
  const newestSource = options.force ? 0 : Math.max(newestPluginSourceMtime(), ...dirs.map(newestSourceMtime));
  for (const dir of dirs) {
    if (!options.force && isUpToDate(dir, newestSource)) {
      result.skipped.push(dir);
      continue;
    }
    try {
      esbuild.buildSync({
        ...BUNDLE_OPTIONS,
        entryPoints: [path.join(dir, 'index.ts')],
        outfile: path.join(dir, 'dist', 'index.js'),
        nodePaths: [path.join(ROOT, 'node_modules')],
        absWorkingDir: ROOT,
      });
      result.built.push(dir);
    } catch (error) {
      result.failed.push({ dir, error: formatErrors(error) });
    }
  }
  return result;
}

function main(argv) {
  const force = argv.includes('--force');
  const only = argv.filter((a) => !a.startsWith('--'));
  const started = Date.now();
  const result = buildPlugins({ force, only: only.length > 0 ? only : undefined });
  for (const failure of result.failed) {
    console.error(`[build-plugins] ${path.relative(ROOT, failure.dir)} failed:\n${failure.error}`);
  }
  console.log(`[build-plugins] built ${result.built.length}, up to date ${result.skipped.length}, failed ${result.failed.length} (${Date.now() - started} ms)`);
  // A broken plugin only fails to load at run time; the kernel reports it. Strict mode is for CI.
  if (result.failed.length > 0 && argv.includes('--strict')) process.exitCode = 1;
}

module.exports = { buildPlugins, findPluginFolders, BUNDLE_OPTIONS, PLUGIN_ROOTS };

if (require.main === module) main(process.argv.slice(2));
