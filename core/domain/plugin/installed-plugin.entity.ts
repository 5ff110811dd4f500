import { JsonObject } from '../../shared/json';
import { CapabilityName } from '../tool/tool-descriptor';
import { ToolCategory } from '../tool/tool-category';

/** Where an installed plugin came from: the shipped market folder (trusted) or a signed bundle. */
export type PluginSource = 'market' | 'bundle';

/**
 * A market plugin installed into the kernel, as stored: the manifest and bundled code the
 * kernel registers at start-up, plus who installed it and whether it is enabled.
 */
export interface InstalledPlugin {
  /** `^[a-z][a-z0-9_]{1,63}$`, the tool id. */
  id: string;
  version: string;
  publisher: string;
  name: string;
  description: string;
  category: ToolCategory;
  /** Capability names the manifest declares, sorted. */
  capabilities: CapabilityName[];
  /** The manifest exactly as installed (what the signature covered). */
  manifest: JsonObject;
  /** The bundled CommonJS entry (the kernel's bundle format). */
  code: string;
  enabled: boolean;
  source: PluginSource;
  /** Id of the operator key that verified the bundle; null for market installs. */
  signingKeyId: string | null;
  /** User id of the admin who installed the current version. */
  installedBy: string;
  installedAt: Date;
  updatedAt: Date;
}

/** What listings carry: everything but the manifest and the code. */
export type InstalledPluginSummary = Omit<InstalledPlugin, 'manifest' | 'code'>;
