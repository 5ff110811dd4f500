#!/usr/bin/env node
'use strict';
/**
 * Builds and signs a plugin folder into a bundle the platform installs
 * (POST /api/v1/plugins/install). Plain JavaScript, so publishers need no TypeScript build.
 *
 *   node bin/sign-plugin.js keygen [--out <dir>]
 *       writes plugin-signing.key (Ed25519, PKCS#8 PEM, mode 600) and prints the public key
 *       for the server's PLUGIN_PUBLIC_KEYS and its key id
 *   node bin/sign-plugin.js sign <plugin-folder> --key <private-key.pem> [--out <file>] [--json]
 *       bundles <folder>/index.ts (as npm run build:tools does), signs manifest + code and
 *       writes <id>-<version>.tgz (or, with --json, a JSON bundle to POST as is)
 *
 * The signature is Ed25519 over the bytes
 *   "agent-platform-plugin/v1\n" + hex(sha256(canonical JSON of the manifest)) + "\n"
 *                                + hex(sha256(UTF-8 code)) + "\n"
 * where canonical JSON is RFC 8785 (JCS): sorted keys, no whitespace (docs/plugins.md).
 * The server's check lives in plugins/kernel/signing/; a unit test keeps the two in step.
 */
const { Buffer } = require('node:buffer');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const SIGNING_CONTEXT = 'agent-platform-plugin/v1';

function canonicalJson(value) {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('JSON has no representation for a non-finite number');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(',')}}`;
  }
  throw new TypeError(`JSON has no representation for a ${typeof value}`);
}

const sha256Hex = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');

/** The exact bytes the signature covers. */
function signingPayload(manifest, code) {
  return Buffer.from(`${SIGNING_CONTEXT}\n${sha256Hex(Buffer.from(canonicalJson(manifest), 'utf8'))}\n${sha256Hex(Buffer.from(code, 'utf8'))}\n`, 'utf8');
}

/** DER SubjectPublicKeyInfo of a public key, or of a private key's public half. */
function spkiOf(key) {
  const publicKey = key instanceof crypto.KeyObject && key.type === 'public' ? key : crypto.createPublicKey(key);
  return publicKey.export({ format: 'der', type: 'spki' });
}

/** The key as PLUGIN_PUBLIC_KEYS takes it: base64 of the DER SubjectPublicKeyInfo. */
function publicKeyText(key) {
  return spkiOf(key).toString('base64');
}

/** First 16 hex digits of SHA-256 over the DER SPKI bytes: what the server calls the key. */
function publicKeyId(key) {
  return sha256Hex(spkiOf(key)).slice(0, 16);
}

/** A JSON bundle: `{manifest, code, signature, public_key_id}`. `privateKey`: a KeyObject or PEM. */
function signBundle(manifest, code, privateKey) {
  const key = typeof privateKey === 'string' || Buffer.isBuffer(privateKey) ? crypto.createPrivateKey(privateKey) : privateKey;
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('The signing key must be an Ed25519 private key');
  const signature = crypto.sign(null, signingPayload(manifest, code), key).toString('base64');
  return { manifest, code, signature, public_key_id: publicKeyId(key) };
}

/** Reads `<folder>/manifest.json` and its entry, building `index.ts` first when there is one. */
function readPluginFolder(folder, { build = true } = {}) {
  if (build && fs.existsSync(path.join(folder, 'index.ts'))) {
    const { buildPlugins } = require('./build-plugins.js');
    const { failed } = buildPlugins({ dirs: [folder], force: true });
    if (failed.length > 0) throw new Error(`The plugin does not build:\n${failed[0].error}`);
  }
  const manifestText = fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8');
  const manifest = JSON.parse(manifestText);
  if (typeof manifest.entry !== 'string') throw new Error('manifest.json has no "entry"');
  const code = fs.readFileSync(path.join(folder, manifest.entry), 'utf8');
  return { manifest, manifestText, code };
}

/** Writes the bundle as a .tgz: manifest.json, the entry file, signature (base64) and public_key_id. */
async function writeBundleArchive(bundle, file, manifestText = `${JSON.stringify(bundle.manifest, null, 2)}\n`) {
  const tar = require('tar');
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-bundle-'));
  try {
    const put = (name, content) => {
      fs.mkdirSync(path.dirname(path.join(staging, name)), { recursive: true });
      fs.writeFileSync(path.join(staging, name), content);
    };
    put('manifest.json', manifestText);
    put(bundle.manifest.entry, bundle.code);
    put('signature', `${bundle.signature}\n`);
    put('public_key_id', `${bundle.public_key_id}\n`);
    await tar.c({ gzip: true, file, cwd: staging, portable: true }, ['manifest.json', bundle.manifest.entry, 'signature', 'public_key_id']);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

function keygen(outDir) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ed25519');
  const file = path.join(outDir, 'plugin-signing.key');
  fs.writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  console.log(`Private key: ${file} (keep it secret; it signs plugins your servers will run)`);
  console.log(`Key id:      ${publicKeyId(publicKey)}`);
  console.log(`Add to the server's PLUGIN_PUBLIC_KEYS (comma-separated):\n${publicKeyText(publicKey)}`);
}

async function sign(folder, options) {
  if (!options.key) throw new Error('--key <private-key.pem> is required');
  const { manifest, manifestText, code } = readPluginFolder(path.resolve(folder));
  const bundle = signBundle(manifest, code, fs.readFileSync(options.key));
  const out = options.out ?? `${manifest.id}-${manifest.version}.${options.json ? 'json' : 'tgz'}`;
  if (options.json) fs.writeFileSync(out, `${JSON.stringify(bundle)}\n`);
  else await writeBundleArchive(bundle, out, manifestText);
  console.log(`Signed ${manifest.id} ${manifest.version} with key ${bundle.public_key_id}: ${out}`);
}

function parseArgs(argv) {
  const positional = [];
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--json') options.json = true;
    else if (arg === '--key' || arg === '--out') options[arg.slice(2)] = argv[(i += 1)];
    else if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}`);
    else positional.push(arg);
  }
  return { positional, options };
}

async function main(argv) {
  const { positional, options } = parseArgs(argv);
  const [command, folder] = positional;
  if (command === 'keygen') return keygen(options.out ?? '.');
  if (command === 'sign' && folder) return sign(folder, options);
  throw new Error('Usage: sign-plugin.js keygen [--out <dir>] | sign-plugin.js sign <plugin-folder> --key <key.pem> [--out <file>] [--json]');
}

module.exports = { canonicalJson, signingPayload, signBundle, publicKeyText, publicKeyId, readPluginFolder, writeBundleArchive, SIGNING_CONTEXT };

if (require.main === module) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`[sign-plugin] ${error.message}`);
    process.exitCode = 1;
  });
}
