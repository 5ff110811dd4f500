import { SignedPluginBundle } from '../domain/plugin/signed-plugin-bundle';
import { token } from '../shared/token';

/**
 * Checks a plugin bundle's signature against the operator's trusted keys
 * (`PLUGIN_PUBLIC_KEYS`), offline. The signed bytes are defined in docs/plugins.md.
 */
export interface PluginSignatureVerifier {
  /**
   * Returns the id of the key that verified the bundle. Throws `PluginSigningDisabledError`
   * when no key is configured and `InvalidPluginSignatureError` when no trusted key verifies
   * it (unsigned, tampered with, or signed by an unknown key).
   */
  verify(bundle: SignedPluginBundle): string;
}

export const PLUGIN_SIGNATURE_VERIFIER = token<PluginSignatureVerifier>('PluginSignatureVerifier');
