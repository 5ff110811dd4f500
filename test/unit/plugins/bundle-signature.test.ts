import { createHash, generateKeyPairSync, KeyObject, sign } from 'node:crypto';
import { InvalidPluginSignatureError, PluginSigningDisabledError } from '../../../core/domain/plugin/plugin.errors';
import { SignedPluginBundle } from '../../../core/domain/plugin/signed-plugin-bundle';
import { JsonObject } from '../../../core/shared/json';
import { bundleSigningPayload } from '../../../plugins/kernel/signing/bundle-signing-payload';
import { canonicalJson } from '../../../plugins/kernel/signing/canonical-json';
import { Ed25519BundleVerifier } from '../../../plugins/kernel/signing/ed25519-bundle-verifier';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const cli = require('../../../bin/sign-plugin.js') as {
  canonicalJson(value: unknown): string;
  signingPayload(manifest: unknown, code: string): Buffer;
  signBundle(manifest: JsonObject, code: string, key: KeyObject): { manifest: JsonObject; code: string; signature: string; public_key_id: string };
  publicKeyText(key: KeyObject): string;
  publicKeyId(key: KeyObject): string;
};

const keyPair = () => generateKeyPairSync('ed25519');
const publisher = keyPair();
const other = keyPair();

const MANIFEST: JsonObject = {
  id: 'word_count',
  version: '1.0.0',
  description: 'Zoë counts 字 🚀',
  input_schema: { type: 'object', properties: { text: { type: 'string', maxLength: 100 } } },
  examples: [{ input: { text: 'a b' }, output: { n: 2, ratio: 0.5, big: 1e21, neg: -0 } }],
};
const CODE = 'module.exports = { default: (input) => ({ n: input.text.split(" ").length }) };';

function signed(manifest: JsonObject = MANIFEST, code = CODE, key: KeyObject = publisher.privateKey): SignedPluginBundle {
  const bundle = cli.signBundle(manifest, code, key);
  return { manifest: bundle.manifest, code: bundle.code, signature: bundle.signature, publicKeyId: bundle.public_key_id };
}

const verifierFor = (...keys: KeyObject[]) => Ed25519BundleVerifier.fromConfig(keys.map((key) => cli.publicKeyText(key)));

describe('canonical JSON (RFC 8785)', () => {
  it('When keys are in any order or nested, Then the text is sorted, compact and keeps array order', () => {
    expect(canonicalJson({ b: [3, { z: 1, a: null }], a: 'é\u2028"', c: { y: true, x: 1.5 } })).toBe(
      '{"a":"é\u2028\\"","b":[3,{"a":null,"z":1}],"c":{"x":1.5,"y":true}}',
    );
  });

  it('When numbers have several spellings, Then they are written as ECMAScript does', () => {
    expect(canonicalJson([1.0, 1e21, 0.000001, -0, 100])).toBe('[1,1e+21,0.000001,0,100]');
  });

  it('When a value has no JSON form or nests too deeply, Then it is refused', () => {
    expect(() => canonicalJson({ x: Infinity })).toThrow(TypeError);
    let deep: unknown = 1;
    for (let i = 0; i < 80; i += 1) deep = [deep];
    expect(() => canonicalJson(deep)).toThrow(RangeError);
  });

  it('When the CLI and the server build the signed bytes, Then they are identical, byte for byte', () => {
    const manifests = [MANIFEST, { '': [], ü: { '\u00e9': 1, e: 2 }, 'a b': 'x\n\t\u0000' }, { n: [0.1, 2e-7, 123456789012345680000] }];
    for (const manifest of manifests) {
      expect(cli.canonicalJson(manifest)).toBe(canonicalJson(manifest));
      expect(cli.signingPayload(manifest, CODE).equals(bundleSigningPayload(manifest, CODE))).toBe(true);
    }
  });

  it('When the payload is built, Then it is the context line and the two SHA-256 digests', () => {
    const hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    expect(bundleSigningPayload({ b: 1, a: 2 }, 'código').toString('utf8')).toBe(`agent-platform-plugin/v1\n${hex('{"a":2,"b":1}')}\n${hex('código')}\n`);
  });
});

describe('Ed25519BundleVerifier', () => {
  it('When a trusted key signed the bundle, Then it verifies and names that key by its SPKI digest', () => {
    const keyId = cli.publicKeyId(publisher.publicKey);
    expect(keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(verifierFor(other.publicKey, publisher.publicKey).verify(signed())).toBe(keyId);
  });

  it('When the manifest is re-ordered after signing, Then it still verifies: the signature covers its canonical form', () => {
    const bundle = signed();
    const reordered = Object.fromEntries(Object.entries(bundle.manifest).reverse()) as JsonObject;
    expect(verifierFor(publisher.publicKey).verify({ ...bundle, manifest: reordered, publicKeyId: undefined })).toBe(cli.publicKeyId(publisher.publicKey));
  });

  it('When the code is changed after signing, Then it is refused as tampered', () => {
    const bundle = signed();
    expect(() => verifierFor(publisher.publicKey).verify({ ...bundle, code: `${CODE} ` })).toThrow(InvalidPluginSignatureError);
  });

  it('When a nested manifest value is changed after signing, Then it is refused', () => {
    const bundle = signed();
    const manifest = { ...bundle.manifest, input_schema: { type: 'object', properties: { text: { type: 'string', maxLength: 1e9 } } } };
    expect(() => verifierFor(publisher.publicKey).verify({ ...bundle, manifest })).toThrow(/modified after signing/);
  });

  it('When an untrusted key signed it, Then it is refused whether or not it names its key', () => {
    const stranger = keyPair();
    const bundle = signed(MANIFEST, CODE, stranger.privateKey);
    const verifier = verifierFor(publisher.publicKey);
    expect(() => verifier.verify(bundle)).toThrow(/does not trust/);
    expect(() => verifier.verify({ ...bundle, publicKeyId: undefined })).toThrow(InvalidPluginSignatureError);
  });

  it('When the bundle names another trusted key than the one that signed it, Then it is refused', () => {
    const bundle = signed();
    expect(() => verifierFor(publisher.publicKey, other.publicKey).verify({ ...bundle, publicKeyId: cli.publicKeyId(other.publicKey) })).toThrow(
      InvalidPluginSignatureError,
    );
  });

  it.each([
    ['missing', ''],
    ['not base64', '!!!!'],
    ['too short', Buffer.alloc(32).toString('base64')],
    ['all zeros', Buffer.alloc(64).toString('base64')],
  ])('When the signature is %s, Then the bundle is refused', (_case, signature) => {
    expect(() => verifierFor(publisher.publicKey).verify({ ...signed(), signature })).toThrow(InvalidPluginSignatureError);
  });

  it('When the signature was made over the raw manifest text instead, Then it does not verify', () => {
    const raw = sign(null, Buffer.from(JSON.stringify(MANIFEST) + CODE), publisher.privateKey).toString('base64');
    expect(() => verifierFor(publisher.publicKey).verify({ manifest: MANIFEST, code: CODE, signature: raw })).toThrow(InvalidPluginSignatureError);
  });

  it('When no key is configured, Then every bundle is refused as "signing disabled"', () => {
    expect(() => Ed25519BundleVerifier.fromConfig([]).verify(signed())).toThrow(PluginSigningDisabledError);
  });

  it('When PLUGIN_PUBLIC_KEYS holds something else than an Ed25519 SPKI key, Then start-up fails naming the entry', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    expect(() => Ed25519BundleVerifier.fromConfig([cli.publicKeyText(publisher.publicKey), rsa])).toThrow(/entry 2 is not/);
    expect(() => Ed25519BundleVerifier.fromConfig(['not-base64!'])).toThrow(/entry 1 is not/);
  });
});
