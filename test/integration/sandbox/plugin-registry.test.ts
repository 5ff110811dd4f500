import { createContainer } from '../../../adapters/composition/create-container';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AjvJsonSchemaValidator } from '../../../adapters/validation/ajv-json-schema-validator';
import { SemverVersionPolicy } from '../../../adapters/versions/semver-version-policy';
import { VERSION_POLICY } from '../../../core/ports/version-policy.port';
import { JSON_SCHEMA_VALIDATOR } from '../../../core/ports/json-schema-validator.port';
import { TOOL_REGISTRY, ToolRegistry } from '../../../core/ports/tool-registry.port';
import { kernelModule, PLUGIN_KERNEL } from '../../../plugins/kernel/kernel.module';
import { PluginKernel } from '../../../plugins/kernel/plugin-kernel';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildPlugins } = require('../../../bin/build-plugins.js') as {
  buildPlugins(o: { roots: string[] }): { built: string[]; skipped: string[]; failed: Array<{ dir: string; error: string }> };
};

const actor = { userId: 'u1', role: 'user' as const };

function manifest(id: string, overrides: Record<string, unknown> = {}) {
  return {
    manifestVersion: 1,
    id,
    publisher: 'builtin',
    name: id,
    version: '1.0.0',
    kernel: '^1.0.0',
    description: `The ${id} tool.`,
    category: 'data',
    kind: 'tool',
    entry: 'dist/index.js',
    input_schema: { type: 'object', required: ['csv'], properties: { csv: { type: 'string' } } },
    output_schema: { type: 'object', required: ['rows'], properties: { rows: { type: 'array' } } },
    capabilities: {},
    ...overrides,
  };
}

/** A built-in tool written the way tools-builtin/ ones are: TypeScript, kernel:api, a bundled npm library. */
const CSV_TOOL = `
import Papa from 'papaparse';
import { log } from 'kernel:api';

interface Input { csv: string }

export default async function parseCsv(input: Input): Promise<{ rows: unknown[] }> {
  const parsed = Papa.parse<Record<string, string>>(input.csv.trim(), { header: true });
  log.info(\`parsed \${parsed.data.length} rows\`);
  return { rows: parsed.data };
}
`;

describe('Plugin registry', () => {
  let root: string;
  let kernel: PluginKernel;
  let registry: ToolRegistry;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'registry-test-'));
    const builtin = join(root, 'tools-builtin');
    mkdirSync(join(builtin, 'csv_rows'), { recursive: true });
    writeFileSync(join(builtin, 'csv_rows', 'manifest.json'), JSON.stringify(manifest('csv_rows', { capabilities: { log: {} } })));
    writeFileSync(join(builtin, 'csv_rows', 'index.ts'), CSV_TOOL);
    mkdirSync(join(builtin, 'broken_tool'));
    writeFileSync(join(builtin, 'broken_tool', 'manifest.json'), JSON.stringify(manifest('broken_tool', { capabilities: { teleport: {} } })));
    mkdirSync(join(builtin, 'empty_folder'));
    const build = buildPlugins({ roots: [builtin] });
    expect(build.failed).toEqual([]);
    expect(build.built).toEqual([join(builtin, 'csv_rows')]);

    const container = createContainer();
    container.bind(JSON_SCHEMA_VALIDATOR).toConstantValue(new AjvJsonSchemaValidator());
    container.bind(VERSION_POLICY).toConstantValue(new SemverVersionPolicy());
    container.loadSync(kernelModule({ sandbox: { workers: 1, maxTimeoutMs: 5000, maxMemoryMb: 64 } }, { builtinDir: builtin }));
    kernel = container.get<PluginKernel>(PLUGIN_KERNEL);
    registry = container.get<ToolRegistry>(TOOL_REGISTRY);
    expect(registry).toBe(kernel.registry);
    await kernel.start();
  });

  afterAll(async () => {
    await kernel.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('When built-in folders are discovered, Then valid tools load and broken ones are reported with every problem', () => {
    expect(registry.list().map((t) => t.id)).toEqual(['csv_rows']);
    expect(registry.get('csv_rows')).toMatchObject({ builtin: true, enabled: true, category: 'data', capabilities: ['log'], publisher: 'builtin' });
    const failed = kernel.builtinLoadReport().failed.map((f) => [f.folder, f.issues.map((i) => i.field)]);
    expect(failed).toEqual([
      ['broken_tool', ['capabilities.teleport', 'entry']],
      ['empty_folder', ['manifest.json']],
    ]);
    expect(kernel.readiness()).toEqual({ count: 1, ready: false });
  });

  it('When a bundled TypeScript tool runs, Then its npm library works inside the sandbox', async () => {
    const outcome = await registry.invoke('csv_rows', { csv: 'a,b\n1,2\n3,4' }, { actor });
    expect(outcome).toMatchObject({
      success: true,
      result: {
        rows: [
          { a: '1', b: '2' },
          { a: '3', b: '4' },
        ],
      },
      logs: [{ level: 'info', message: 'parsed 2 rows' }],
    });
  });

  describe('market plugins', () => {
    const code = 'exports.default = (input) => ({ rows: [input.csv] });';

    it('When a market plugin is registered, Then it is listed, invocable, and can be disabled and removed', async () => {
      const descriptor = await registry.register(manifest('market_echo', { publisher: 'acme' }), code, { enabled: true });
      expect(descriptor).toMatchObject({ id: 'market_echo', builtin: false, enabled: true, publisher: 'acme' });
      expect(registry.list({ builtin: false }).map((t) => t.id)).toEqual(['market_echo']);
      expect(await registry.invoke('market_echo', { csv: 'x' }, { actor })).toMatchObject({ success: true, result: { rows: ['x'] } });

      registry.setEnabled('market_echo', false);
      expect(registry.list().map((t) => t.id)).toEqual(['csv_rows']);
      expect(registry.list({ includeDisabled: true }).map((t) => t.id)).toEqual(['csv_rows', 'market_echo']);
      expect(await registry.invoke('market_echo', { csv: 'x' }, { actor })).toMatchObject({ success: false, error: { code: 'unavailable' } });

      expect(await registry.unregister('market_echo')).toBe(true);
      expect(await registry.invoke('market_echo', { csv: 'x' }, { actor })).toMatchObject({ success: false, error: { code: 'not_found' } });
    });

    it('When a new version is registered by the same publisher, Then it replaces the old one', async () => {
      await registry.register(manifest('versioned', { publisher: 'acme' }), code, { enabled: true });
      await registry.register(manifest('versioned', { publisher: 'acme', version: '2.0.0' }), 'exports.default = () => ({ rows: ["v2"] });', { enabled: true });
      expect(registry.get('versioned')?.version).toBe('2.0.0');
      expect(await registry.invoke('versioned', { csv: 'x' }, { actor })).toMatchObject({
        success: true,
        result: { rows: ['v2'] },
        receipt: { version: '2.0.0' },
      });
      await registry.unregister('versioned');
    });

    it('When an id collides with a built-in tool or another publisher, Then registration is refused', async () => {
      await expect(registry.register(manifest('csv_rows', { publisher: 'acme' }), code, { enabled: true })).rejects.toMatchObject({ code: 'tool.conflict' });
      await registry.register(manifest('taken', { publisher: 'acme' }), code, { enabled: true });
      await expect(registry.register(manifest('taken', { publisher: 'other' }), code, { enabled: true })).rejects.toMatchObject({ code: 'tool.conflict' });
      expect(await registry.unregister('csv_rows')).toBe(false);
    });

    it('When a manifest is invalid, Then registration fails listing every problem', async () => {
      const bad = manifest('Bad-Id', { publisher: 'builtin', category: 'weather', capabilities: { http: { hosts: [] }, shell: {} }, kernel: '^2.0.0' });
      await expect(registry.register(bad, code, { enabled: true })).rejects.toMatchObject({
        code: 'plugin.validation',
        details: expect.arrayContaining([
          expect.objectContaining({ field: 'id' }),
          expect.objectContaining({ field: 'category' }),
          expect.objectContaining({ field: 'capabilities.shell', message: expect.stringContaining('unknown capability') }),
          expect.objectContaining({ field: 'capabilities.http.hosts' }),
          expect.objectContaining({ field: 'kernel', message: expect.stringContaining('requires kernel ^2.0.0') }),
        ]),
      });
      await expect(registry.register(manifest('ok_id', { publisher: 'builtin' }), code, { enabled: true })).rejects.toMatchObject({
        code: 'plugin.validation',
        details: [expect.objectContaining({ field: 'publisher' })],
      });
    });
  });
});
