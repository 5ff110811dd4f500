import { randomUUID } from 'node:crypto';
import { InstalledPlugin } from '../../../core/domain/plugin/installed-plugin.entity';
import { PluginAlreadyInstalledError } from '../../../core/domain/plugin/plugin.errors';
import { PluginRelease } from '../../../core/domain/plugin/plugin-release';
import { InstalledPluginRepository } from '../../../core/ports/installed-plugin-repository.port';

export interface InstalledPluginRepositoryHarness {
  plugins: InstalledPluginRepository;
  destroy(): Promise<void>;
}

let counter = 0;

/** A unique plugin id per call, so tests sharing one database never meet. */
export function aPluginId(prefix = 'plugin'): string {
  counter += 1;
  return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}_${counter}`;
}

export function anInstalledPlugin(overrides: Partial<InstalledPlugin> = {}): InstalledPlugin {
  const id = overrides.id ?? aPluginId();
  return {
    id,
    version: '1.2.3-beta.1+build.7',
    publisher: 'acme',
    name: 'Contract plugin',
    description: 'Counts things for the contract suite.',
    category: 'text',
    capabilities: ['http', 'log'],
    manifest: { manifestVersion: 1, id, name: 'Contract plugin', description: 'Zoë 🚀 插件', nested: { list: [1, 2.5, true, null, 'x'] } },
    code: 'module.exports = { default: (input) => input };',
    enabled: true,
    source: 'bundle',
    signingKeyId: '0123456789abcdef',
    installedBy: randomUUID(),
    installedAt: new Date('2030-04-05T06:07:08.901Z'),
    updatedAt: new Date('2030-04-05T06:07:08.901Z'),
    ...overrides,
  };
}

export function aRelease(plugin: InstalledPlugin, overrides: Partial<PluginRelease> = {}): PluginRelease {
  return {
    id: randomUUID(),
    pluginId: plugin.id,
    version: plugin.version,
    action: 'install',
    source: plugin.source,
    signingKeyId: plugin.signingKeyId,
    installedBy: plugin.installedBy,
    installedAt: plugin.updatedAt,
    ...overrides,
  };
}

/** Over three 60,000-byte chunks, with 4-byte characters straddling the chunk boundaries. */
function bigCode(): string {
  return `/* ${'😀 é 漢 '.repeat(15_000)} */ module.exports = () => 1;`;
}

export function describeInstalledPluginRepositoryContract(name: string, makeHarness: () => Promise<InstalledPluginRepositoryHarness>): void {
  describe(name, () => {
    let harness: InstalledPluginRepositoryHarness;
    let plugins: InstalledPluginRepository;

    beforeAll(async () => {
      harness = await makeHarness();
      plugins = harness.plugins;
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When a plugin is created, Then findById returns every field unchanged, large code included', async () => {
      const plugin = anInstalledPlugin({ code: bigCode() });
      await plugins.create(plugin, aRelease(plugin));

      expect(await plugins.findById(plugin.id)).toEqual(plugin);
    });

    it('When a market plugin without a signing key is created, Then it reads back with a null key and no capabilities', async () => {
      const plugin = anInstalledPlugin({ source: 'market', signingKeyId: null, capabilities: [], enabled: false });
      await plugins.create(plugin, aRelease(plugin));

      expect(await plugins.findById(plugin.id)).toEqual(plugin);
    });

    it('When the id is already installed, Then create throws PluginAlreadyInstalledError and keeps the first', async () => {
      const first = anInstalledPlugin();
      await plugins.create(first, aRelease(first));
      const second = anInstalledPlugin({ id: first.id, version: '9.0.0', code: 'other' });

      await expect(plugins.create(second, aRelease(second))).rejects.toBeInstanceOf(PluginAlreadyInstalledError);
      expect(await plugins.findById(first.id)).toEqual(first);
    });

    it('When ids differ only in letter case, Then they are different plugins', async () => {
      const plugin = anInstalledPlugin({ id: aPluginId('casey') });
      await plugins.create(plugin, aRelease(plugin));

      expect(await plugins.findById(plugin.id.toUpperCase())).toBeNull();
    });

    it('When a plugin is replaced by a smaller version, Then it reads back as the new one with no stale chunk', async () => {
      const plugin = anInstalledPlugin({ code: bigCode() });
      await plugins.create(plugin, aRelease(plugin));
      const next = {
        ...plugin,
        version: '2.0.0',
        code: 'module.exports = () => 2;',
        manifest: { id: plugin.id, v: 2 },
        updatedAt: new Date('2031-01-01T00:00:00.000Z'),
      };

      expect(await plugins.replace(next, aRelease(next, { action: 'update' }))).toBe(true);
      expect(await plugins.findById(plugin.id)).toEqual(next);
    });

    it('When an unknown plugin is replaced or toggled, Then the answer is false and nothing is stored', async () => {
      const ghost = anInstalledPlugin();

      expect(await plugins.replace(ghost, aRelease(ghost))).toBe(false);
      expect(await plugins.setEnabled(ghost.id, false, new Date())).toBe(false);
      expect(await plugins.findById(ghost.id)).toBeNull();
      expect((await plugins.releases(ghost.id, 0, 10)).total).toBe(0);
    });

    it('When a plugin is disabled and enabled, Then the flag and updatedAt are stored, even if unchanged', async () => {
      const plugin = anInstalledPlugin();
      await plugins.create(plugin, aRelease(plugin));
      const later = new Date('2032-02-02T02:02:02.202Z');

      expect(await plugins.setEnabled(plugin.id, false, later)).toBe(true);
      expect(await plugins.findById(plugin.id)).toEqual({ ...plugin, enabled: false, updatedAt: later });
      expect(await plugins.setEnabled(plugin.id, false, later)).toBe(true);
      expect(await plugins.setEnabled(plugin.id, true, later)).toBe(true);
      expect((await plugins.findById(plugin.id))?.enabled).toBe(true);
    });

    it('When plugins are listed, Then filters, search, order, total and paging apply in the database', async () => {
      const tag = `tag${randomUUID().slice(0, 8)}`;
      const a = anInstalledPlugin({ id: aPluginId('a'), name: `Alpha ${tag}`, category: 'math' });
      const b = anInstalledPlugin({ id: aPluginId('b'), description: `Beta uses ${tag.toUpperCase()}`, category: 'text', enabled: false });
      const c = anInstalledPlugin({ id: aPluginId('c'), name: `Gamma ${tag} 100%_off`, category: 'text' });
      for (const plugin of [c, a, b]) await plugins.create(plugin, aRelease(plugin));
      const { manifest: _m, code: _c, ...summaryOfA } = a;

      const all = await plugins.list({ search: tag }, 0, 10);
      expect(all.total).toBe(3);
      expect(all.items.map((p) => p.id)).toEqual([a.id, b.id, c.id]);
      expect(all.items[0]).toEqual(summaryOfA);
      expect((await plugins.list({ search: tag }, 1, 1)).items.map((p) => p.id)).toEqual([b.id]);
      expect(await plugins.list({ search: tag }, 5, 10)).toEqual({ items: [], total: 3 });
      expect((await plugins.list({ search: tag, enabled: false }, 0, 10)).items.map((p) => p.id)).toEqual([b.id]);
      expect((await plugins.list({ search: tag, enabled: true, category: 'text' }, 0, 10)).items.map((p) => p.id)).toEqual([c.id]);
      expect((await plugins.list({ search: `${tag} 100%_` }, 0, 10)).items.map((p) => p.id)).toEqual([c.id]);
      expect((await plugins.list({ search: `${tag} 1_0%` }, 0, 10)).total).toBe(0);
      expect((await plugins.list({ search: a.id.toUpperCase() }, 0, 10)).items.map((p) => p.id)).toEqual([a.id]);
    });

    it('When versions are asked for, Then only installed ids answer, with their version', async () => {
      const plugin = anInstalledPlugin({ version: '3.1.4' });
      await plugins.create(plugin, aRelease(plugin));

      expect(await plugins.versionsOf([plugin.id, aPluginId('missing')])).toEqual(new Map([[plugin.id, '3.1.4']]));
      expect(await plugins.versionsOf([])).toEqual(new Map());
    });

    it('When a plugin was updated twice, Then its releases come newest first, paged', async () => {
      const plugin = anInstalledPlugin({
        version: '1.0.0',
        installedAt: new Date('2030-01-01T00:00:00.000Z'),
        updatedAt: new Date('2030-01-01T00:00:00.000Z'),
      });
      const install = aRelease(plugin);
      await plugins.create(plugin, install);
      const v2 = { ...plugin, version: '2.0.0', updatedAt: new Date('2030-02-01T00:00:00.000Z') };
      const update2 = aRelease(v2, { action: 'update', source: 'market', signingKeyId: null });
      await plugins.replace(v2, update2);
      const v3 = { ...plugin, version: '3.0.0', updatedAt: new Date('2030-03-01T00:00:00.000Z') };
      const update3 = aRelease(v3, { action: 'update' });
      await plugins.replace(v3, update3);

      expect(await plugins.releases(plugin.id, 0, 10)).toEqual({ items: [update3, update2, install], total: 3 });
      expect(await plugins.releases(plugin.id, 1, 1)).toEqual({ items: [update2], total: 3 });
    });

    it('When a plugin is deleted, Then it, its chunks and its history are gone, and a second delete is false', async () => {
      const plugin = anInstalledPlugin({ code: bigCode() });
      await plugins.create(plugin, aRelease(plugin));

      expect(await plugins.delete(plugin.id)).toBe(true);
      expect(await plugins.findById(plugin.id)).toBeNull();
      expect(await plugins.releases(plugin.id, 0, 10)).toEqual({ items: [], total: 0 });
      expect(await plugins.delete(plugin.id)).toBe(false);
      await plugins.create(plugin, aRelease(plugin));
      expect(await plugins.findById(plugin.id)).toEqual(plugin);
    });

    it('When every plugin is read for start-up, Then each comes whole, sorted by id', async () => {
      const plugin = anInstalledPlugin({ id: aPluginId('zz'), code: bigCode(), enabled: false });
      await plugins.create(plugin, aRelease(plugin));

      const all = await plugins.findAll();
      expect(all.map((p) => p.id)).toEqual([...all.map((p) => p.id)].sort());
      expect(all.find((p) => p.id === plugin.id)).toEqual(plugin);
    });
  });
}
