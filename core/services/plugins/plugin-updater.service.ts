import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { InstalledPlugin } from '../../domain/plugin/installed-plugin.entity';
import { PluginNotFoundError, PluginSigningKeyMismatchError } from '../../domain/plugin/plugin.errors';
import { SignedPluginBundle } from '../../domain/plugin/signed-plugin-bundle';
import { INSTALLED_PLUGIN_REPOSITORY, InstalledPluginRepository } from '../../ports/installed-plugin-repository.port';
import { PLUGIN_SIGNATURE_VERIFIER, PluginSignatureVerifier } from '../../ports/plugin-signature-verifier.port';
import { VERSION_POLICY, VersionPolicy } from '../../ports/version-policy.port';
import { ValidationError } from '../../shared/common.errors';
import { InstalledPluginSet } from './installed-plugin-set.service';
import { checkUpgrade } from './plugin-upgrade';
import { identityOf } from './plugin-identity';

/**
 * Replaces an installed plugin with a newer version from a signed bundle, signed with the same key
 * as the installed version; its enabled state is kept.
 */
@injectable()
export class PluginUpdater {
  constructor(
    @inject(PLUGIN_SIGNATURE_VERIFIER) private readonly verifier: PluginSignatureVerifier,
    @inject(INSTALLED_PLUGIN_REPOSITORY) private readonly plugins: InstalledPluginRepository,
    @inject(InstalledPluginSet) private readonly installed: InstalledPluginSet,
    @inject(VERSION_POLICY) private readonly versions: VersionPolicy,
  ) {}

  async update(actor: Actor, pluginId: string, bundle: SignedPluginBundle): Promise<InstalledPlugin> {
    const signingKeyId = this.verifier.verify(bundle);
    return this.installed.serially(async () => {
      const offered = identityOf(bundle.manifest);
      if (offered.id !== pluginId) {
        throw new ValidationError('The bundle is for another plugin', [{ field: 'manifest.id', message: `must be "${pluginId}"` }]);
      }
      const current = await this.plugins.findById(pluginId);
      if (!current) throw new PluginNotFoundError(pluginId);
      if (current.signingKeyId !== signingKeyId) throw new PluginSigningKeyMismatchError(pluginId, current.signingKeyId, signingKeyId);
      checkUpgrade(current, offered, this.versions);
      return this.installed.replace(actor, current, bundle.manifest, bundle.code, { source: 'bundle', signingKeyId });
    });
  }
}
