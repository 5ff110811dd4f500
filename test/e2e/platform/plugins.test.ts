import { TOOL_REGISTRY, ToolRegistry } from '../../../core/ports/tool-registry.port';
import { aGreeterManifest, aSigningKey, bundleArchive, greeterCode, SignedBundleBody, signedBundle } from '../../fixtures/plugin-bundle.mother';
import { buildMarketPlugins } from '../../support/market-plugins';
import { logIn, signUp, TEST_PASSWORD } from '../../support/platform-user';
import { HttpResult, request } from '../../support/http-client';
import { StartedApp, startApp } from '../../support/started-app';

const publisher = aSigningKey();
/** Also trusted by the server, but not the key the installed plugins were signed with. */
const colleague = aSigningKey();
const stranger = aSigningKey();
type Body = Record<string, unknown>;

describe('Platform /plugins', () => {
  let app: StartedApp;
  let api: string;
  let admin: string;
  let adminId: string;
  let user: string;
  let registry: ToolRegistry;
  const actor = { userId: 'e2e', role: 'user' as const };

  beforeAll(async () => {
    buildMarketPlugins();
    app = await startApp({
      PLUGIN_PUBLIC_KEYS: `${publisher.publicKeyText},${colleague.publicKeyText}`,
      ADMIN_EMAILS: 'root@example.com',
      ADMIN_INITIAL_PASSWORD: TEST_PASSWORD,
    });
    api = `${app.platformUrl}/api/v1/plugins`;
    ({ token: admin, id: adminId } = await logIn(app.platformUrl, 'root@example.com'));
    ({ token: user } = await signUp(app.platformUrl, 'user@example.com'));
    registry = app.services.app.container.get(TOOL_REGISTRY);
  });
  afterAll(() => app.stop());

  const install = (bundle: SignedBundleBody | string, token = admin) => request<Body>('POST', `${api}/install`, { body: bundle, token });
  const greet = (id: string) => registry.invoke(id, { name: 'Ada' }, { actor });
  const upload = async (archive: Buffer, token = admin, method = 'POST', path = 'install'): Promise<HttpResult<Body>> => {
    const form = new FormData();
    form.append('bundle', new Blob([archive], { type: 'application/gzip' }), 'bundle.tgz');
    const response = await fetch(`${api}/${path}`, { method, body: form, headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Body, text: '' };
  };

  describe('authentication and roles', () => {
    it('When no token is sent, Then listing and installing are 401', async () => {
      expect((await request('GET', api)).status).toBe(401);
      const res = await install(signedBundle(publisher, aGreeterManifest('anon_greeter')), '');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    });

    it('When a plain user installs, toggles or uninstalls, Then it is 403, while reading is allowed', async () => {
      expect((await install(signedBundle(publisher, aGreeterManifest('user_greeter')), user)).status).toBe(403);
      expect((await request('POST', `${api}/market/slugify/install`, { token: user })).status).toBe(403);
      expect((await request('POST', `${api}/x_plugin/toggle`, { token: user, body: { enabled: false } })).status).toBe(403);
      expect((await request('DELETE', `${api}/x_plugin`, { token: user })).status).toBe(403);
      expect((await request('GET', api, { token: user })).status).toBe(200);
      expect((await request('GET', `${api}/market`, { token: user })).status).toBe(200);
      expect(registry.get('user_greeter')).toBeUndefined();
    });
  });

  describe('POST /plugins/install (signed JSON bundle)', () => {
    it('When the bundle is signed by a trusted key, Then it is installed, listed, read and invocable as a tool', async () => {
      const manifest = aGreeterManifest('json_greeter');
      const res = await install(signedBundle(publisher, manifest));

      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: 'json_greeter',
        name: 'Greeter',
        version: '1.0.0',
        publisher: 'e2e-labs',
        description: 'Greets someone by name.',
        category: 'text',
        kind: 'tool',
        capabilities: [],
        enabled: true,
        loaded: true,
        source: 'bundle',
        signing_key_id: publisher.keyId,
        installed_by: adminId,
        installed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
        updated_at: res.body.installed_at,
        input_schema: manifest.input_schema,
        output_schema: manifest.output_schema,
        examples: manifest.examples,
        manifest,
      });
      expect((await request<Body>('GET', `${api}/json_greeter`, { token: user })).body).toEqual(res.body);
      const listed = await request<{ items: Body[]; total: number }>('GET', `${api}?search=json_greet&enabled=true&category=text`, { token: user });
      expect(listed.body).toEqual({ items: [expect.objectContaining({ id: 'json_greeter', enabled: true })], total: 1, page: 1, page_size: 20 });
      expect(registry.list().map((t) => t.id)).toContain('json_greeter');
      expect(await greet('json_greeter')).toMatchObject({ success: true, result: { greeting: 'Hello, Ada' } });
    });

    it('When the same id is installed again, Then it is 409 and the first install stays', async () => {
      await install(signedBundle(publisher, aGreeterManifest('twice_greeter')));
      const res = await install(signedBundle(publisher, aGreeterManifest('twice_greeter', '2.0.0'), greeterCode('Yo')));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'conflict', message: expect.stringContaining('already installed at version 1.0.0') });
      expect(await greet('twice_greeter')).toMatchObject({ result: { greeting: 'Hello, Ada' } });
    });

    it('When the code was changed after signing, Then it is 422 invalid_signature and nothing is installed', async () => {
      const bundle = signedBundle(publisher, aGreeterManifest('tampered_code'));
      const res = await install({ ...bundle, code: greeterCode('Pwned') });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: 'invalid_signature', message: expect.stringContaining('modified after signing') });
      expect(registry.get('tampered_code')).toBeUndefined();
      expect((await request('GET', `${api}/tampered_code`, { token: admin })).status).toBe(404);
    });

    it('When the manifest was changed after signing (a capability added), Then it is 422 invalid_signature', async () => {
      const bundle = signedBundle(publisher, aGreeterManifest('tampered_manifest'));
      const manifest = { ...bundle.manifest, capabilities: { http: { hosts: ['*'] } } };
      const res = await install({ ...bundle, manifest });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'invalid_signature' });
      expect(registry.get('tampered_manifest')).toBeUndefined();
    });

    it('When the key is unknown to the server, or the bundle is unsigned, Then it is 422 invalid_signature', async () => {
      const foreign = await install(signedBundle(stranger, aGreeterManifest('foreign_greeter')));
      expect(foreign.status).toBe(422);
      expect(foreign.body).toEqual({
        error: 'invalid_signature',
        message: `The bundle names signing key "${stranger.keyId}", which this server does not trust`,
      });
      const { public_key_id: _id, ...anonymous } = signedBundle(stranger, aGreeterManifest('foreign_greeter'));
      expect((await install(anonymous)).body).toMatchObject({ error: 'invalid_signature' });
      expect((await install({ ...anonymous, signature: '' })).body).toMatchObject({
        error: 'invalid_signature',
        message: expect.stringContaining('not signed'),
      });
    });

    it('When a signed manifest is invalid, Then it is 422 validation_error listing every problem', async () => {
      const manifest = aGreeterManifest('Bad Id', '1.0', { capabilities: { teleport: {} } });
      const res = await install(signedBundle(publisher, manifest));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error' });
      const fields = (res.body.details as Array<{ field: string }>).map((d) => d.field);
      expect(fields).toEqual(expect.arrayContaining(['id', 'version', 'capabilities.teleport']));
    });

    it('When the id is "market", which names a route, Then it is 422 and nothing is installed', async () => {
      const res = await install(signedBundle(publisher, aGreeterManifest('market')));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error', details: [{ field: 'manifest.id', message: expect.any(String) }] });
      expect(registry.get('market')).toBeUndefined();
    });

    it('When the id is a built-in tool, Then it is 409 and the built-in is untouched', async () => {
      const res = await install(signedBundle(publisher, aGreeterManifest('calculator')));
      expect(res.status).toBe(409);
      expect(registry.get('calculator')).toMatchObject({ builtin: true });
    });

    it('When required bundle fields are missing, Then tsoa answers 422 naming them', async () => {
      const res = await install({ manifest: aGreeterManifest('no_code') } as unknown as SignedBundleBody);
      expect(res.status).toBe(422);
      expect((res.body.details as Array<{ field: string }>).map((d) => d.field)).toEqual(expect.arrayContaining(['code', 'signature']));
    });
  });

  describe('POST /plugins/install (multipart .tgz)', () => {
    it('When a signed archive is uploaded, Then it is installed like the JSON bundle', async () => {
      const res = await upload(await bundleArchive(signedBundle(publisher, aGreeterManifest('tgz_greeter'))));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ id: 'tgz_greeter', source: 'bundle', signing_key_id: publisher.keyId });
      expect(await greet('tgz_greeter')).toMatchObject({ success: true, result: { greeting: 'Hello, Ada' } });
    });

    it('When the archive holds code changed after signing, Then it is 422 invalid_signature', async () => {
      const bundle = signedBundle(publisher, aGreeterManifest('tgz_tampered'));
      const res = await upload(await bundleArchive({ ...bundle, code: greeterCode('Pwned') }));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'invalid_signature' });
    });

    it('When the archive is over 8 MB, Then it is 413 payload_too_large', async () => {
      const res = await upload(Buffer.alloc(8 * 1024 * 1024 + 1));
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: 'payload_too_large', message: 'The plugin archive is larger than 8 MB' });
    });

    it('When the upload is not an archive or the field is missing, Then it is 422 naming the bundle field', async () => {
      const garbage = await upload(Buffer.from('definitely not a tarball'.repeat(30)));
      expect(garbage.status).toBe(422);
      expect(garbage.body).toEqual({
        error: 'validation_error',
        message: 'The plugin archive is not a valid tar archive',
        details: [{ field: 'bundle', message: 'is not a valid tar archive' }],
      });
      const form = new FormData();
      form.append('note', 'no file');
      const empty = await fetch(`${api}/install`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } });
      expect(empty.status).toBe(422);
    });
  });

  describe('toggle, update, versions and uninstall', () => {
    beforeAll(async () => {
      await install(signedBundle(publisher, aGreeterManifest('life_greeter', '1.2.0')));
    });

    it('When the plugin is disabled, Then it is no tool until it is enabled again', async () => {
      const off = await request<Body>('POST', `${api}/life_greeter/toggle`, { token: admin, body: { enabled: false } });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ id: 'life_greeter', enabled: false, loaded: true });
      expect(registry.list().map((t) => t.id)).not.toContain('life_greeter');
      expect(await greet('life_greeter')).toMatchObject({ success: false, error: { code: 'unavailable' } });
      expect((await request<{ total: number }>('GET', `${api}?search=life_greeter&enabled=false`, { token: user })).body.total).toBe(1);

      const on = await request<Body>('POST', `${api}/life_greeter/toggle`, { token: admin, body: { enabled: true } });
      expect(on.body).toMatchObject({ enabled: true });
      expect(await greet('life_greeter')).toMatchObject({ success: true });
    });

    it('When a newer version is PUT, Then it replaces the old one; an older or equal one is 409', async () => {
      const res = await request<Body>('PUT', `${api}/life_greeter`, {
        token: admin,
        body: signedBundle(publisher, aGreeterManifest('life_greeter', '1.10.0'), greeterCode('Hi')),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ version: '1.10.0', installed_by: adminId });
      expect(await greet('life_greeter')).toMatchObject({ result: { greeting: 'Hi, Ada' } });

      for (const version of ['1.10.0', '1.9.0']) {
        const stale = await request<Body>('PUT', `${api}/life_greeter`, {
          token: admin,
          body: signedBundle(publisher, aGreeterManifest('life_greeter', version)),
        });
        expect(stale.status).toBe(409);
        expect(stale.body).toEqual({ error: 'conflict', message: `Plugin "life_greeter" ${version} is not newer than the installed 1.10.0` });
      }
      const other = await request<Body>('PUT', `${api}/life_greeter`, {
        token: admin,
        body: signedBundle(publisher, aGreeterManifest('json_greeter', '9.0.0')),
      });
      expect(other.status).toBe(422);
      expect(await greet('life_greeter')).toMatchObject({ result: { greeting: 'Hi, Ada' } });
    });

    it('When an update is signed with another trusted key than the installed version, Then it is 409 and the installed version stays', async () => {
      const res = await request<Body>('PUT', `${api}/life_greeter`, {
        token: admin,
        body: signedBundle(colleague, aGreeterManifest('life_greeter', '2.0.0'), greeterCode('Pwned')),
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: 'conflict',
        message: `Plugin "life_greeter" is signed with key "${publisher.keyId}"; an update signed with key "${colleague.keyId}" is refused`,
      });
      expect(await greet('life_greeter')).toMatchObject({ result: { greeting: 'Hi, Ada' } });
    });

    it('When its versions are read, Then every install and update is listed newest first', async () => {
      const res = await request<Body>('GET', `${api}/life_greeter/versions`, { token: user });
      expect(res.body).toEqual({
        items: [
          { version: '1.10.0', action: 'update', source: 'bundle', signing_key_id: publisher.keyId, installed_by: adminId, installed_at: expect.any(String) },
          { version: '1.2.0', action: 'install', source: 'bundle', signing_key_id: publisher.keyId, installed_by: adminId, installed_at: expect.any(String) },
        ],
        total: 2,
        page: 1,
        page_size: 20,
      });
      expect((await request('GET', `${api}/life_greeter/versions?page_size=101`, { token: user })).status).toBe(422);
    });

    it('When it is uninstalled, Then it is gone from the API and the kernel, and a second delete is 404', async () => {
      const res = await request('DELETE', `${api}/life_greeter`, { token: admin });
      expect(res.status).toBe(204);
      expect(registry.get('life_greeter')).toBeUndefined();
      expect(await greet('life_greeter')).toMatchObject({ success: false, error: { code: 'not_found' } });
      expect((await request('GET', `${api}/life_greeter`, { token: user })).status).toBe(404);
      expect((await request('GET', `${api}/life_greeter/versions`, { token: user })).status).toBe(404);
      expect((await request('DELETE', `${api}/life_greeter`, { token: admin })).status).toBe(404);
    });
  });

  describe('the market', () => {
    it('When the market is listed, Then it shows the shipped plugins and whether they are installed', async () => {
      const res = await request<{ items: Body[]; total: number }>('GET', `${api}/market`, { token: user });
      expect(res.status).toBe(200);
      expect(res.body.items.map((p) => p.id)).toEqual(expect.arrayContaining(['currency_format', 'github_repo_info', 'slugify', 'word_frequency']));
      expect(res.body.items.find((p) => p.id === 'github_repo_info')).toEqual({
        id: 'github_repo_info',
        name: 'GitHub repository info',
        version: '1.0.0',
        publisher: 'community',
        description: expect.any(String),
        category: 'web',
        capabilities: ['http'],
        installed: false,
        installed_version: null,
      });
    });

    it('When a market plugin is installed, Then it needs no signature, runs, shows as installed, and twice is 409', async () => {
      const detail = await request<Body>('GET', `${api}/market/slugify`, { token: user });
      expect(detail.body).toMatchObject({ id: 'slugify', installed: false, input_schema: expect.objectContaining({ required: ['text'] }) });

      const res = await request<Body>('POST', `${api}/market/slugify/install`, { token: admin });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ id: 'slugify', source: 'market', signing_key_id: null, enabled: true });
      expect(await registry.invoke('slugify', { text: 'Héllo Wörld' }, { actor })).toMatchObject({ success: true, result: { slug: 'hello-woerld' } });
      expect((await request<Body>('GET', `${api}/market/slugify`, { token: user })).body).toMatchObject({ installed: true, installed_version: '1.0.0' });
      expect((await request('POST', `${api}/market/slugify/install`, { token: admin })).status).toBe(409);
      expect((await request('POST', `${api}/market/no_such_plugin/install`, { token: admin })).status).toBe(404);
    });
  });
});
