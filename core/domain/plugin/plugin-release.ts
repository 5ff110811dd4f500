import { PluginSource } from './installed-plugin.entity';

/** One version of a plugin that was installed: its install or an update, newest last. */
export interface PluginRelease {
  /** UUID. */
  id: string;
  pluginId: string;
  version: string;
  action: 'install' | 'update';
  source: PluginSource;
  signingKeyId: string | null;
  installedBy: string;
  installedAt: Date;
}
