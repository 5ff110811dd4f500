import { verify } from 'node:crypto';
import { InvalidPluginSignatureError, PluginSigningDisabledError } from '../../../core/domain/plugin/plugin.errors';
import { SignedPluginBundle } from '../../../core/domain/plugin/signed-plugin-bundle';
import { PluginSignatureVerifier } from '../../../core/ports/plugin-signature-verifier.port';
import { bundleSigningPayload } from './bundle-signing-payload';
import { readTrustedKeys, TrustedKey } from './trusted-keys';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const SIGNATURE_BYTES = 64;

/** Verifies bundle signatures offline with node:crypto against the operator's Ed25519 keys. */
export class Ed25519BundleVerifier implements PluginSignatureVerifier {
  constructor(private readonly keys: ReadonlyArray<TrustedKey>) {}

  /** Throws at start-up for a malformed `PLUGIN_PUBLIC_KEYS` entry. */
  static fromConfig(entries: ReadonlyArray<string>): Ed25519BundleVerifier {
    return new Ed25519BundleVerifier(readTrustedKeys(entries));
  }

  verify(bundle: SignedPluginBundle): string {
    if (this.keys.length === 0) throw new PluginSigningDisabledError();
    const signature = decodeSignature(bundle.signature);
    const candidates = bundle.publicKeyId === undefined ? this.keys : this.keys.filter((k) => k.id === bundle.publicKeyId);
    if (candidates.length === 0) {
      throw new InvalidPluginSignatureError(`The bundle names signing key "${bundle.publicKeyId}", which this server does not trust`);
    }
    const payload = payloadOf(bundle);
    const signer = candidates.find((candidate) => verify(null, payload, candidate.key, signature));
    if (!signer) {
      throw new InvalidPluginSignatureError(
        'The signature does not match: the bundle was modified after signing, or signed by a key this server does not trust',
      );
    }
    return signer.id;
  }
}

function decodeSignature(text: unknown): Buffer {
  const bytes = typeof text === 'string' && BASE64.test(text.trim()) ? Buffer.from(text.trim(), 'base64') : undefined;
  if (!bytes || bytes.length !== SIGNATURE_BYTES) {
    throw new InvalidPluginSignatureError('The bundle is not signed: the signature must be the base64 of a 64-byte Ed25519 signature');
  }
  return bytes;
}

function payloadOf(bundle: SignedPluginBundle): Buffer {
  try {
    return bundleSigningPayload(bundle.manifest, bundle.code);
  } catch (error) {
    throw new InvalidPluginSignatureError(`The bundle cannot be verified: ${(error as Error).message}`);
  }
}
