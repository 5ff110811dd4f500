import { createPublicKey, KeyObject } from 'node:crypto';
import { sha256Hex } from './bundle-signing-payload';

export interface TrustedKey {
  /** First 16 hex digits of SHA-256 over the key's DER SPKI bytes. */
  id: string;
  key: KeyObject;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Reads `PLUGIN_PUBLIC_KEYS` entries: each the base64 of an Ed25519 public key in DER
 * SubjectPublicKeyInfo form (`openssl pkey -pubin -outform DER | base64 -w0`, or what
 * `bin/sign-plugin.js keygen` prints). A malformed entry stops start-up: a key silently
 * ignored would make every bundle it signed fail for no visible reason.
 */
export function readTrustedKeys(entries: ReadonlyArray<string>): TrustedKey[] {
  return entries.map((entry, index) => {
    const text = entry.trim();
    const der = BASE64.test(text) ? Buffer.from(text, 'base64') : undefined;
    let key: KeyObject | undefined;
    try {
      key = der ? createPublicKey({ key: der, format: 'der', type: 'spki' }) : undefined;
    } catch {
      key = undefined;
    }
    if (!der || !key || key.asymmetricKeyType !== 'ed25519') {
      throw new Error(`PLUGIN_PUBLIC_KEYS: entry ${index + 1} is not the base64 of an Ed25519 public key in DER SPKI form`);
    }
    return { id: keyIdOf(der), key };
  });
}

export function keyIdOf(spkiDer: Buffer): string {
  return sha256Hex(spkiDer).slice(0, 16);
}
