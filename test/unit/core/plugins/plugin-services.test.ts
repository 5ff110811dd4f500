import { SemverVersionPolicy } from '../../../../adapters/versions/semver-version-policy';
import { Actor } from '../../../../core/domain/auth/actor';
import { InstalledPlugin, InstalledPluginSummary } from '../../../../core/domain/plugin/installed-plugin.entity';
import { MarketPlugin } from '../../../../core/domain/plugin/market-plugin';
import {
  InvalidPluginSignatureError,
  PluginAlreadyInstalledError,
  PluginNotFoundError,
  PluginPublisherMismatchError,
  PluginSigningKeyMismatchError,
  PluginVersionNotNewerError,
} from '../../../../core/domain/plugin/plugin.errors';
import { PluginRelease } from '../../../../core/domain/plugin/plugin-release';
import { SignedPluginBundle } from '../../../../core/domain/plugin/signed-plugin-bundle';
import { ToolDescriptor } from '../../../../core/domain/tool/tool-descriptor';
import { ToolIdConflictError } from '../../../../core/domain/tool/tool.errors';
import { InstalledPluginQuery, InstalledPluginRepository, Slice } from '../../../../core/ports/installed-plugin-repository.port';
import { Logger } from '../../../../core/ports/logger.port';
import { PluginMarket } from '../../../../core/ports/plugin-market.port';
import { PluginSignatureVerifier } from '../../../../core/ports/plugin-signature-verifier.port';
import { ToolRegistry } from '../../../../core/ports/tool-registry.port';
import { ValidationError } from '../../../../core/shared/common.errors';
import { JsonObject, JsonValue } from '../../../../core/shared/json';
import { AuditTrail } from '../../../../core/services/audit/audit-trail.service';
import { BundlePluginInstaller } from '../../../../core/services/plugins/bundle-plugin-installer.service';
import { InstalledPluginLoader } from '../../../../core/services/plugins/installed-plugin-loader.service';
import { InstalledPluginSet } from '../../../../core/services/plugins/installed-plugin-set.service';
import { MarketPluginInstaller } from '../../../../core/services/plugins/market-plugin-installer.service';
import { PluginToggler } from '../../../../core/services/plugins/plugin-toggler.service';
import { PluginUpdater } from '../../../../core/services/plugins/plugin-updater.service';
import { RecordingJobQueue } from '../../../fixtures/queue/recording-job-queue';

/** The kernel's registry, reduced to what the plugin services use; ids in `builtins` are taken. */
class FakeRegistry implements Pick<ToolRegistry, 'register' | 'unregister' | 'setEnabled' | 'get'> {
  readonly tools = new Map<string, ToolDescriptor>();
  readonly calls: string[] = [];
  builtins = new Set(['calculator']);

  async register(manifest: JsonValue, _code: string, options: { enabled: boolean }): Promise<ToolDescriptor> {
    const m = manifest as JsonObject;
    this.calls.push(`register ${String(m.id)}@${String(m.version)}`);
    if (typeof m.id !== 'string' || typeof m.version !== 'string') throw new ValidationError('The plugin manifest is invalid');
    if (this.builtins.has(m.id)) throw new ToolIdConflictError(m.id);
    const descriptor = {
      id: m.id,
      version: m.version,
      publisher: String(m.publisher),
      name: 'N',
      description: 'D',
      category: 'text',
      capabilities: [],
      builtin: false,
      enabled: options.enabled,
    } as unknown as ToolDescriptor;
    this.tools.set(m.id, descriptor);
    return descriptor;
  }
  async unregister(id: string): Promise<boolean> {
    this.calls.push(`unregister ${id}`);
    return this.tools.delete(id);
  }
  setEnabled(id: string, enabled: boolean): ToolDescriptor {
    const tool = { ...(this.tools.get(id) as ToolDescriptor), enabled };
    this.tools.set(id, tool);
    return tool;
  }
  get(id: string): ToolDescriptor | undefined {
    return this.tools.get(id);
  }
}

class MemoryPlugins implements InstalledPluginRepository {
  readonly rows = new Map<string, InstalledPlugin>();
  readonly releaseRows: PluginRelease[] = [];
  failWrites = false;

  async create(plugin: InstalledPlugin, release: PluginRelease) {
    await tick();
    if (this.failWrites) throw new Error('disk full');
    if (this.rows.has(plugin.id)) throw new PluginAlreadyInstalledError(plugin.id);
    this.rows.set(plugin.id, plugin);
    this.releaseRows.push(release);
  }
  async replace(plugin: InstalledPlugin, release: PluginRelease) {
    if (this.failWrites) throw new Error('disk full');
    if (!this.rows.has(plugin.id)) return false;
    this.rows.set(plugin.id, plugin);
    this.releaseRows.push(release);
    return true;
  }
  async setEnabled(id: string, enabled: boolean, updatedAt: Date) {
    const row = this.rows.get(id);
    if (row) this.rows.set(id, { ...row, enabled, updatedAt });
    return row !== undefined;
  }
  async findById(id: string) {
    await tick();
    return this.rows.get(id) ?? null;
  }
  async findAll() {
    return [...this.rows.values()];
  }
  async list(_query: InstalledPluginQuery): Promise<Slice<InstalledPluginSummary>> {
    return { items: [...this.rows.values()], total: this.rows.size };
  }
  async versionsOf(ids: ReadonlyArray<string>) {
    return new Map(ids.filter((id) => this.rows.has(id)).map((id) => [id, (this.rows.get(id) as InstalledPlugin).version]));
  }
  async releases(pluginId: string): Promise<Slice<PluginRelease>> {
    const items = this.releaseRows.filter((r) => r.pluginId === pluginId);
    return { items, total: items.length };
  }
  async delete(id: string) {
    return this.rows.delete(id);
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const admin: Actor = { userId: 'admin-1', role: 'admin' };
const manifest = (id: string, version = '1.0.0', publisher = 'acme'): JsonObject => ({ id, version, publisher });
const bundle = (m: JsonObject): SignedPluginBundle => ({ manifest: m, code: 'module.exports = () => 1', signature: 'sig' });
const versions = new SemverVersionPolicy();
const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

function setUp(verifier: PluginSignatureVerifier = { verify: () => 'key-1' }) {
  const registry = new FakeRegistry();
  const plugins = new MemoryPlugins();
  const queue = new RecordingJobQueue();
  let n = 0;
  const ids = { uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, secret: () => 's' };
  const clock = { now: () => new Date('2030-01-01T00:00:00Z') };
  const audit = new AuditTrail(queue, ids, clock, silent);
  const set = new InstalledPluginSet(registry as unknown as ToolRegistry, plugins, ids, clock, audit, silent);
  const market: PluginMarket & { offered: MarketPlugin[] } = {
    offered: [],
    async list() {
      return this.offered;
    },
    async find(id: string) {
      return this.offered.find((p) => p.id === id) ?? null;
    },
  };
  return {
    registry,
    plugins,
    queue,
    market,
    set,
    installer: new BundlePluginInstaller(verifier, plugins, set),
    updater: new PluginUpdater(verifier, plugins, set, versions),
    toggler: new PluginToggler(plugins, set, registry as unknown as ToolRegistry),
    marketInstaller: new MarketPluginInstaller(market, plugins, set, versions),
    loader: new InstalledPluginLoader(plugins, registry as unknown as ToolRegistry, silent),
  };
}

describe('installing from a signed bundle', () => {
  it('When it installs, Then the kernel has it, storage has it with its first release, and the audit trail says so', async () => {
    const s = setUp();
    const plugin = await s.installer.install(admin, bundle(manifest('word_count')));

    expect(plugin).toMatchObject({ id: 'word_count', version: '1.0.0', enabled: true, source: 'bundle', signingKeyId: 'key-1', installedBy: 'admin-1' });
    expect(s.registry.get('word_count')).toMatchObject({ enabled: true });
    expect(s.plugins.rows.get('word_count')).toEqual(plugin);
    expect(s.plugins.releaseRows).toEqual([expect.objectContaining({ pluginId: 'word_count', action: 'install', version: '1.0.0' })]);
    expect(s.queue.auditActions()).toEqual(['plugin.install']);
  });

  it('When the signature is refused, Then neither storage nor the kernel is touched', async () => {
    const s = setUp({
      verify: () => {
        throw new InvalidPluginSignatureError('bad');
      },
    });
    await expect(s.installer.install(admin, bundle(manifest('word_count')))).rejects.toBeInstanceOf(InvalidPluginSignatureError);
    expect(s.registry.calls).toEqual([]);
    expect(s.plugins.rows.size).toBe(0);
  });

  it('When storage fails, Then the kernel registration is undone and the error surfaces', async () => {
    const s = setUp();
    s.plugins.failWrites = true;
    await expect(s.installer.install(admin, bundle(manifest('word_count')))).rejects.toThrow('disk full');
    expect(s.registry.calls).toEqual(['register word_count@1.0.0', 'unregister word_count']);
    expect(s.registry.get('word_count')).toBeUndefined();
  });

  it('When two installs of one id race, Then one wins, the other is a conflict, and the kernel keeps the winner', async () => {
    const s = setUp();
    const results = await Promise.allSettled([
      s.installer.install(admin, bundle(manifest('word_count', '1.0.0'))),
      s.installer.install(admin, bundle(manifest('word_count', '2.0.0'))),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(PluginAlreadyInstalledError);
    expect(s.registry.get('word_count')).toMatchObject({ version: '1.0.0' });
  });

  it('When the id is a built-in tool, Then the kernel refuses it and nothing is stored', async () => {
    const s = setUp();
    await expect(s.installer.install(admin, bundle(manifest('calculator')))).rejects.toBeInstanceOf(ToolIdConflictError);
    expect(s.plugins.rows.size).toBe(0);
  });
});

describe('updating', () => {
  async function installed() {
    const s = setUp();
    await s.installer.install(admin, bundle(manifest('word_count', '1.2.0')));
    await s.toggler.toggle(admin, 'word_count', false);
    return s;
  }

  it('When a newer version comes, Then it replaces the old one in kernel and storage and keeps it disabled', async () => {
    const s = await installed();
    const plugin = await s.updater.update(admin, 'word_count', bundle(manifest('word_count', '1.10.0')));
    expect(plugin).toMatchObject({ version: '1.10.0', enabled: false, installedBy: 'admin-1' });
    expect(s.registry.get('word_count')).toMatchObject({ version: '1.10.0', enabled: false });
    expect(s.plugins.releaseRows.map((r) => `${r.action} ${r.version}`)).toEqual(['install 1.2.0', 'update 1.10.0']);
  });

  it('When the version is not newer, the publisher differs or the id is another, Then the update is refused before the kernel', async () => {
    const s = await installed();
    const calls = s.registry.calls.length;
    await expect(s.updater.update(admin, 'word_count', bundle(manifest('word_count', '1.2.0')))).rejects.toBeInstanceOf(PluginVersionNotNewerError);
    await expect(s.updater.update(admin, 'word_count', bundle(manifest('word_count', '1.1.9')))).rejects.toBeInstanceOf(PluginVersionNotNewerError);
    await expect(s.updater.update(admin, 'word_count', bundle(manifest('word_count', '2.0.0', 'mallory')))).rejects.toBeInstanceOf(
      PluginPublisherMismatchError,
    );
    await expect(s.updater.update(admin, 'word_count', bundle(manifest('other', '2.0.0')))).rejects.toBeInstanceOf(ValidationError);
    await expect(s.updater.update(admin, 'missing', bundle(manifest('missing', '2.0.0')))).rejects.toBeInstanceOf(PluginNotFoundError);
    expect(s.registry.calls.length).toBe(calls);
  });

  it('When pre-releases come, Then semver precedence decides what is newer, and build metadata never is', async () => {
    const s = await installed();
    const update = (version: string) => s.updater.update(admin, 'word_count', bundle(manifest('word_count', version)));
    for (const version of ['1.3.0-alpha.2', '1.3.0-alpha.10', '1.3.0-beta', '1.3.0-rc.1', '1.3.0']) {
      await expect(update(version)).resolves.toMatchObject({ version });
    }
    for (const version of ['1.3.0-rc.2', '1.3.0+build.7', '1.2.9']) {
      await expect(update(version)).rejects.toBeInstanceOf(PluginVersionNotNewerError);
    }
    expect(s.registry.get('word_count')).toMatchObject({ version: '1.3.0' });
  });

  it('When the update is signed with another trusted key than the installed version, Then it is a conflict and nothing changes', async () => {
    const s = await installed();
    const calls = s.registry.calls.length;
    const otherKey = new PluginUpdater({ verify: () => 'key-2' }, s.plugins, s.set, versions);
    const error = await otherKey.update(admin, 'word_count', bundle(manifest('word_count', '2.0.0'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PluginSigningKeyMismatchError);
    expect(error).toMatchObject({ code: 'plugin.conflict', message: expect.stringContaining('"key-1"') });
    expect(s.registry.calls.length).toBe(calls);
    expect(s.plugins.rows.get('word_count')).toMatchObject({ version: '1.2.0', signingKeyId: 'key-1' });
  });

  it('When a plugin installed from the market is updated with a signed bundle, Then it is a conflict', async () => {
    const s = setUp();
    s.market.offered = [{ id: 'slugify', version: '1.0.0', publisher: 'acme', manifest: manifest('slugify', '1.0.0'), code: 'x' } as unknown as MarketPlugin];
    await s.marketInstaller.install(admin, 'slugify');
    await expect(s.updater.update(admin, 'slugify', bundle(manifest('slugify', '2.0.0')))).rejects.toBeInstanceOf(PluginSigningKeyMismatchError);
    expect(s.plugins.rows.get('slugify')).toMatchObject({ version: '1.0.0', source: 'market' });
  });

  it('When storage fails during an update, Then the kernel goes back to the previous version', async () => {
    const s = await installed();
    s.plugins.failWrites = true;
    await expect(s.updater.update(admin, 'word_count', bundle(manifest('word_count', '2.0.0')))).rejects.toThrow('disk full');
    expect(s.registry.get('word_count')).toMatchObject({ version: '1.2.0', enabled: false });
  });
});

describe('installing from the market', () => {
  const offer = (version: string) =>
    ({ id: 'slugify', version, publisher: 'community', manifest: manifest('slugify', version, 'community'), code: 'x' }) as unknown as MarketPlugin;

  it('When the plugin is not installed, then older, then the same, Then it installs, upgrades, and conflicts', async () => {
    const s = setUp();
    s.market.offered = [offer('1.0.0')];
    expect(await s.marketInstaller.install(admin, 'slugify')).toMatchObject({ created: true, plugin: { source: 'market', signingKeyId: null } });
    s.market.offered = [offer('1.1.0')];
    expect(await s.marketInstaller.install(admin, 'slugify')).toMatchObject({ created: false, plugin: { version: '1.1.0' } });
    await expect(s.marketInstaller.install(admin, 'slugify')).rejects.toBeInstanceOf(PluginAlreadyInstalledError);
    await expect(s.marketInstaller.install(admin, 'nothing')).rejects.toBeInstanceOf(PluginNotFoundError);
  });
});

describe('loading at start-up', () => {
  it('When stored plugins are loaded, Then each gets its enabled state and a broken one is reported, not fatal', async () => {
    const s = setUp();
    await s.installer.install(admin, bundle(manifest('alpha')));
    await s.installer.install(admin, bundle(manifest('beta')));
    await s.toggler.toggle(admin, 'beta', false);
    s.registry.tools.clear();
    s.registry.builtins.add('alpha');

    const report = await s.loader.loadAll();

    expect(report).toEqual({ loaded: ['beta'], failed: [{ id: 'alpha', message: 'A tool with id "alpha" is already registered' }] });
    expect(s.registry.get('beta')).toMatchObject({ enabled: false });
  });
});
