import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { InstalledPlugin } from '../../domain/plugin/installed-plugin.entity';
import { PluginAlreadyInstalledError } from '../../domain/plugin/plugin.errors';
import { SignedPluginBundle } from '../../domain/plugin/signed-plugin-bundle';
import { INSTALLED_PLUGIN_REPOSITORY, InstalledPluginRepository } from '../../ports/installed-plugin-repository.port';
import { PLUGIN_SIGNATURE_VERIFIER, PluginSignatureVerifier } from '../../ports/plugin-signature-verifier.port';
import { InstalledPluginSet } from './installed-plugin-set.service';
import { identityOf } from './plugin-identity';

/**
 * Installs a plugin from a signed bundle. The signature is checked before anything else
 * reads the bundle: unverified manifests are never validated, compiled or stored.
 */
@injectable()
export class BundlePluginInstaller {
  constructor(
    @inject(PLUGIN_SIGNATURE_VERIFIER) private readonly verifier: PluginSignatureVerifier,
    @inject(INSTALLED_PLUGIN_REPOSITORY) private readonly plugins: InstalledPluginRepository,
    @inject(InstalledPluginSet) private readonly installed: InstalledPluginSet,
  ) {}

  async install(actor: Actor, bundle: SignedPluginBundle): Promise<InstalledPlugin> {
    const signingKeyId = this.verifier.verify(bundle);
    return this.installed.serially(async () => {
      const { id } = identityOf(bundle.manifest);
      const existing = id === undefined ? null : await this.plugins.findById(id);
      if (existing) throw new PluginAlreadyInstalledError(existing.id, existing.version);
      return this.installed.add(actor, bundle.manifest, bundle.code, { source: 'bundle', signingKeyId });
    });
  }
}
