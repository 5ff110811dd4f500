import { InstalledPlugin } from '../../domain/plugin/installed-plugin.entity';
import { PluginPublisherMismatchError, PluginVersionNotNewerError } from '../../domain/plugin/plugin.errors';
import { VersionPolicy } from '../../ports/version-policy.port';
import { PluginIdentity } from './plugin-identity';

/**
 * An upgrade keeps the publisher and moves the version forward. Fields that are missing or
 * malformed are left to the kernel's manifest validation, which reports them all at once.
 */
export function checkUpgrade(current: InstalledPlugin, offered: PluginIdentity, versions: VersionPolicy): void {
  if (offered.publisher !== undefined && offered.publisher !== current.publisher) {
    throw new PluginPublisherMismatchError(current.id, current.publisher, offered.publisher);
  }
  if (offered.version === undefined) return;
  const order = versions.compare(offered.version, current.version);
  if (order !== null && order <= 0) throw new PluginVersionNotNewerError(current.id, current.version, offered.version);
}
