import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { InstalledPlugin, PluginSource } from '../../domain/plugin/installed-plugin.entity';
import { PluginNotFoundError } from '../../domain/plugin/plugin.errors';
import { PluginRelease } from '../../domain/plugin/plugin-release';
import { ToolDescriptor } from '../../domain/tool/tool-descriptor';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { INSTALLED_PLUGIN_REPOSITORY, InstalledPluginRepository } from '../../ports/installed-plugin-repository.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { TOOL_REGISTRY, ToolRegistry } from '../../ports/tool-registry.port';
import { JsonObject } from '../../shared/json';
import { AuditTrail } from '../audit/audit-trail.service';

export interface PluginOrigin {
  source: PluginSource;
  signingKeyId: string | null;
}

/**
 * The installed plugins, kept the same in the kernel (what can run) and in storage (what
 * start-up registers again). The kernel goes first because it validates the manifest and
 * refuses colliding ids; a storage failure undoes the kernel change. Changes run one at a
 * time in this process, so two installs of one id cannot interleave.
 */
@injectable()
export class InstalledPluginSet {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    @inject(TOOL_REGISTRY) private readonly registry: ToolRegistry,
    @inject(INSTALLED_PLUGIN_REPOSITORY) private readonly plugins: InstalledPluginRepository,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  async add(actor: Actor, manifest: JsonObject, code: string, origin: PluginOrigin): Promise<InstalledPlugin> {
    const descriptor = await this.registry.register(manifest, code, { enabled: true });
    const now = this.clock.now();
    const plugin = assemble(descriptor, manifest, code, origin, { enabled: true, installedBy: actor.userId, installedAt: now, updatedAt: now });
    try {
      await this.plugins.create(plugin, this.releaseOf(plugin, 'install', actor));
    } catch (error) {
      await this.registry.unregister(plugin.id);
      throw error;
    }
    await this.record(actor, 'plugin.install', plugin);
    return plugin;
  }

  async replace(actor: Actor, current: InstalledPlugin, manifest: JsonObject, code: string, origin: PluginOrigin): Promise<InstalledPlugin> {
    const descriptor = await this.registry.register(manifest, code, { enabled: current.enabled });
    const plugin = assemble(descriptor, manifest, code, origin, { ...current, updatedAt: this.clock.now() });
    let stored: boolean;
    try {
      stored = await this.plugins.replace(plugin, this.releaseOf(plugin, 'update', actor));
    } catch (error) {
      await this.restore(current);
      throw error;
    }
    if (!stored) {
      await this.registry.unregister(plugin.id);
      throw new PluginNotFoundError(plugin.id);
    }
    await this.record(actor, 'plugin.update', plugin, { previous_version: current.version });
    return plugin;
  }

  async setEnabled(actor: Actor, current: InstalledPlugin, enabled: boolean): Promise<InstalledPlugin> {
    const updatedAt = this.clock.now();
    if (!(await this.plugins.setEnabled(current.id, enabled, updatedAt))) throw new PluginNotFoundError(current.id);
    // A plugin that failed to load at start-up is only switched in storage.
    if (this.registry.get(current.id)) this.registry.setEnabled(current.id, enabled);
    const plugin = { ...current, enabled, updatedAt };
    await this.record(actor, enabled ? 'plugin.enable' : 'plugin.disable', plugin);
    return plugin;
  }

  async remove(actor: Actor, current: InstalledPlugin): Promise<void> {
    if (!(await this.plugins.delete(current.id))) throw new PluginNotFoundError(current.id);
    await this.registry.unregister(current.id);
    await this.record(actor, 'plugin.uninstall', current);
  }

  private async restore(previous: InstalledPlugin): Promise<void> {
    try {
      await this.registry.register(previous.manifest, previous.code, { enabled: previous.enabled });
    } catch (error) {
      this.logger.error({ plugin: previous.id, err: error }, 'previous plugin version could not be restored in the kernel');
    }
  }

  private releaseOf(plugin: InstalledPlugin, action: PluginRelease['action'], actor: Actor): PluginRelease {
    return {
      id: this.ids.uuid(),
      pluginId: plugin.id,
      version: plugin.version,
      action,
      source: plugin.source,
      signingKeyId: plugin.signingKeyId,
      installedBy: actor.userId,
      installedAt: plugin.updatedAt,
    };
  }

  private record(actor: Actor, action: string, plugin: InstalledPlugin, extra: Record<string, string> = {}): Promise<void> {
    return this.audit.record({
      actorId: actor.userId,
      action,
      resourceType: 'plugin',
      resourceId: plugin.id,
      outcome: 'success',
      detail: { version: plugin.version, publisher: plugin.publisher, source: plugin.source, signing_key_id: plugin.signingKeyId, ...extra },
    });
  }
}

type Bookkeeping = Pick<InstalledPlugin, 'enabled' | 'installedBy' | 'installedAt' | 'updatedAt'>;

function assemble(descriptor: ToolDescriptor, manifest: JsonObject, code: string, origin: PluginOrigin, book: Bookkeeping): InstalledPlugin {
  return {
    id: descriptor.id,
    version: descriptor.version,
    publisher: descriptor.publisher,
    name: descriptor.name,
    description: descriptor.description,
    category: descriptor.category,
    capabilities: [...descriptor.capabilities],
    manifest,
    code,
    enabled: book.enabled,
    source: origin.source,
    signingKeyId: origin.signingKeyId,
    installedBy: book.installedBy,
    installedAt: book.installedAt,
    updatedAt: book.updatedAt,
  };
}
