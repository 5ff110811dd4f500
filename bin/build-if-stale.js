#!/usr/bin/env node
'use strict';
/**
 * `npm start` and `npm run worker` run this first: it runs `npm run build` only when a source
 * the build reads is newer than the last build (or there is none), so a second start does not
 * rebuild 60 bundles and the whole TypeScript tree. Plain JavaScript, since nothing is compiled
 * yet on a fresh clone.
 *
 *   node bin/build-if-stale.js          build when stale
 *   node bin/build-if-stale.js --check  print whether a build is needed, build nothing
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const STAMP = path.join(ROOT, 'dist', '.build-stamp.json');
const ENTRY = path.join(ROOT, 'dist', 'bin', 'server.js');
const INPUT_DIRS = ['core', 'adapters', 'contracts', 'plugins', 'tools-builtin', 'bin', 'test/bench', 'test/fixtures'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'tsconfig.tools.json'];
/** What the build writes into the source tree; never an input. */
const OUTPUT_DIRS = new Set(['dist', 'generated', 'node_modules']);

function newestMtime(dir) {
  let newest = 0;
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.') || OUTPUT_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (entry.isFile()) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function newestInput() {
  const dirs = INPUT_DIRS.map((dir) => newestMtime(path.join(ROOT, dir)));
  const files = INPUT_FILES.map((file) => {
    try {
      return fs.statSync(path.join(ROOT, file)).mtimeMs;
    } catch {
      return 0;
    }
  });
  return Math.max(...dirs, ...files);
}

function lastBuild() {
  try {
    const stamp = JSON.parse(fs.readFileSync(STAMP, 'utf8'));
    return stamp.node === process.version && fs.existsSync(ENTRY) ? stamp.newestInput : undefined;
  } catch {
    return undefined;
  }
}

function main(argv) {
  const newest = newestInput();
  const built = lastBuild();
  const stale = built === undefined || newest > built;
  if (argv.includes('--check')) {
    process.stdout.write(stale ? 'build needed\n' : 'build up to date\n');
    return;
  }
  if (!stale) return;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // The newest input seen before building: a file edited during the build makes the next start rebuild.
  fs.writeFileSync(STAMP, JSON.stringify({ newestInput: newest, node: process.version }));
}

main(process.argv.slice(2));
