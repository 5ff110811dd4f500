import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';

/** Domain separation: these bytes can never be mistaken for another signed message. */
export const SIGNING_CONTEXT = 'agent-platform-plugin/v1';

/**
 * The exact bytes a plugin bundle's Ed25519 signature covers (docs/plugins.md):
 *
 *   "agent-platform-plugin/v1\n" + hex(SHA-256(canonical JSON of the manifest)) + "\n"
 *                                + hex(SHA-256(UTF-8 bytes of the code)) + "\n"
 *
 * Short and fixed-size, so any language can rebuild it; bin/sign-plugin.js does the same.
 */
export function bundleSigningPayload(manifest: unknown, code: string): Buffer {
  const manifestDigest = sha256Hex(Buffer.from(canonicalJson(manifest), 'utf8'));
  const codeDigest = sha256Hex(Buffer.from(code, 'utf8'));
  return Buffer.from(`${SIGNING_CONTEXT}\n${manifestDigest}\n${codeDigest}\n`, 'utf8');
}

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
