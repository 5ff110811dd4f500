import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOOL_REGISTRY, ToolRegistry } from '../../../core/ports/tool-registry.port';
import { InstalledPluginLoader } from '../../../core/services/plugins/installed-plugin-loader.service';
import { aGreeterManifest, aSigningKey, bundleArchive, greeterCode, signedBundle } from '../../fixtures/plugin-bundle.mother';
import { buildMarketPlugins } from '../../support/market-plugins';
import { request } from '../../support/http-client';
import { StartedApp, startApp } from '../../support/started-app';

const PASSWORD = 'correct horse 42';
const publisher = aSigningKey();
const actor = { userId: 'e2e', role: 'user' as const };
type Body = Record<string, unknown>;

/**
 * Installed plugins live in storage and come back after a restart on the same DATA_DIR. The
 * composition root runs `InstalledPluginLoader.loadAll()` after the kernel starts; this test
 * runs it the same way, since calling it twice is harmless (a registration replaces itself).
 */
describe('Platform /plugins across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'plugins-restart-'));
  const env = { DATA_DIR: dataDir, ADMIN_EMAILS: 'root@example.com', ADMIN_INITIAL_PASSWORD: PASSWORD };
  let app: StartedApp;
  let api: string;
  let admin: string;

  // The administrator exists from the first start on: the server creates it from ADMIN_EMAILS.
  const adminToken = async (): Promise<string> => {
    const login = await request<Body>('POST', `${app.platformUrl}/api/v1/auth/login`, { form: { username: 'root@example.com', password: PASSWORD } });
    return login.body.access_token as string;
  };
  const loadInstalled = () => app.services.app.container.get(InstalledPluginLoader).loadAll();
  const registryOf = (): ToolRegistry => app.services.app.container.get(TOOL_REGISTRY);

  beforeAll(async () => {
    buildMarketPlugins();
    app = await startApp({ ...env, PLUGIN_PUBLIC_KEYS: publisher.publicKeyText });
    api = `${app.platformUrl}/api/v1/plugins`;
    admin = await adminToken();
    const install = (body: unknown) => request('POST', `${api}/install`, { token: admin, body });
    await install(signedBundle(publisher, aGreeterManifest('kept_greeter')));
    await install(signedBundle(publisher, aGreeterManifest('off_greeter')));
    await request('POST', `${api}/off_greeter/toggle`, { token: admin, body: { enabled: false } });
    await install(signedBundle(publisher, aGreeterManifest('gone_greeter')));
    await request('DELETE', `${api}/gone_greeter`, { token: admin });
    await install(signedBundle(publisher, aGreeterManifest('tgz_kept', '1.0.0')));
    const form = new FormData();
    const v2 = await bundleArchive(signedBundle(publisher, aGreeterManifest('tgz_kept', '2.0.0'), greeterCode('Howdy')));
    form.append('bundle', new Blob([v2]), 'tgz_kept-2.0.0.tgz');
    const put = await fetch(`${api}/tgz_kept`, { method: 'PUT', body: form, headers: { authorization: `Bearer ${admin}` } });
    expect(put.status).toBe(200);
    expect((await request('POST', `${api}/market/word_frequency/install`, { token: admin })).status).toBe(201);

    await app.stop();
    // Restarted without PLUGIN_PUBLIC_KEYS: what was verified at install keeps working.
    app = await startApp(env);
    api = `${app.platformUrl}/api/v1/plugins`;
    admin = await adminToken();
  });
  afterAll(async () => {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('When the loader runs after start-up, Then every installed plugin is back with its version and enabled state', async () => {
    expect(await loadInstalled()).toEqual({ loaded: ['kept_greeter', 'off_greeter', 'tgz_kept', 'word_frequency'], failed: [] });
    const registry = registryOf();
    expect(await registry.invoke('kept_greeter', { name: 'Ada' }, { actor })).toMatchObject({ success: true, result: { greeting: 'Hello, Ada' } });
    expect(await registry.invoke('tgz_kept', { name: 'Ada' }, { actor })).toMatchObject({ success: true, result: { greeting: 'Howdy, Ada' } });
    expect(await registry.invoke('word_frequency', { text: 'b a b' }, { actor })).toMatchObject({ success: true, result: { total_words: 3 } });
    expect(registry.get('off_greeter')).toMatchObject({ enabled: false });
    expect(registry.list().map((t) => t.id)).not.toContain('off_greeter');
    expect(registry.get('gone_greeter')).toBeUndefined();
  });

  it('When the installed plugins are listed after the restart, Then they are stored and loaded', async () => {
    await loadInstalled();
    const res = await request<{ items: Body[]; total: number }>('GET', `${api}?page_size=10`, { token: admin });
    expect(res.body.items.map((p) => [p.id, p.version, p.enabled, p.loaded, p.source])).toEqual([
      ['kept_greeter', '1.0.0', true, true, 'bundle'],
      ['off_greeter', '1.0.0', false, true, 'bundle'],
      ['tgz_kept', '2.0.0', true, true, 'bundle'],
      ['word_frequency', '1.0.0', true, true, 'market'],
    ]);
    expect((await request<{ total: number }>('GET', `${api}/tgz_kept/versions`, { token: admin })).body.total).toBe(2);
  });

  it('When no signing key is configured, Then bundle installs are refused with 403 while the trusted market still installs', async () => {
    const res = await request<Body>('POST', `${api}/install`, { token: admin, body: signedBundle(publisher, aGreeterManifest('late_greeter')) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'forbidden',
      message: 'Installing plugin bundles is disabled: the operator has configured no trusted signing key (PLUGIN_PUBLIC_KEYS)',
    });
    expect((await request('POST', `${api}/market/slugify/install`, { token: admin })).status).toBe(201);
  });

  it('When PLUGIN_PUBLIC_KEYS holds a malformed key, Then the service does not start', async () => {
    await expect(startApp({ PLUGIN_PUBLIC_KEYS: 'bm90IGEga2V5' })).rejects.toThrow(/PLUGIN_PUBLIC_KEYS: entry 1/);
  });
});
