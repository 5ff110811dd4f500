import { JsonObject } from '../../shared/json';

/**
 * A plugin as a publisher ships it outside the market folder: manifest, bundled code and an
 * Ed25519 signature over both (docs/plugins.md, "Publishing and installing").
 */
export interface SignedPluginBundle {
  manifest: JsonObject;
  code: string;
  /** Base64 of the 64-byte Ed25519 signature. */
  signature: string;
  /** Which operator key signed it; without it every configured key is tried. */
  publicKeyId?: string;
}
