import { validateManifest as validateWith } from '../../../plugins/kernel/manifest/manifest-validator';
import { manifestChecks } from '../../support/manifest-checks';

const validateManifest = (candidate: unknown) => validateWith(candidate, manifestChecks);

const valid = () => ({
  manifestVersion: 1,
  id: 'web_fetch',
  publisher: 'builtin',
  name: 'Web fetch',
  version: '1.2.0',
  kernel: '^1.0.0',
  description: 'Fetches a URL and returns its text.',
  category: 'web',
  kind: 'tool',
  entry: 'dist/index.js',
  input_schema: { type: 'object', required: ['url'], additionalProperties: false, properties: { url: { type: 'string', format: 'uri' } } },
  output_schema: { type: 'object', properties: { status: { type: 'integer' }, text: { type: 'string' } } },
  capabilities: { http: { hosts: ['*'], methods: ['GET'], maxBytes: 1048576 }, log: {} },
  limits: { timeout_ms: 15000, cpu_ms: 2000, memory_mb: 64 },
  examples: [{ description: 'Read a page', input: { url: 'https://example.com' } }],
});

const fields = (candidate: unknown) => {
  const check = validateManifest(candidate);
  return check.ok ? [] : check.issues.map((i) => i.field);
};

describe('validateManifest', () => {
  it('When the manifest is complete, Then it is accepted as is', () => {
    expect(validateManifest(valid())).toEqual({ ok: true, manifest: valid() });
  });

  it('When several things are wrong, Then every problem is listed at once', () => {
    const bad = { ...valid(), id: '9bad', version: '1.0', category: 'weather', kind: 'agent', entry: '../evil.js', extra: true };
    expect(fields(bad).sort()).toEqual(['category', 'entry', 'extra', 'id', 'kind', 'version']);
  });

  it('When a capability is unknown, Then it is refused by name with the known list', () => {
    const check = validateManifest({ ...valid(), capabilities: { shell: {}, log: {} } });
    expect(check).toEqual({
      ok: false,
      issues: [
        { field: 'capabilities.shell', message: 'unknown capability "shell"; known: http, llm, knowledge, workspace, kv, datasource, platform, notify, log' },
      ],
    });
  });

  it('When a capability is misconfigured, Then the field is named', () => {
    expect(fields({ ...valid(), capabilities: { http: { hosts: ['Bad Host!'], methods: ['TRACE'] } } })).toEqual(
      expect.arrayContaining(['capabilities.http.hosts.0', 'capabilities.http.methods.0']),
    );
    expect(fields({ ...valid(), capabilities: { workspace: { root: '/' } } })).toEqual(['capabilities.workspace.root']);
  });

  it('When a required field is missing, Then it is reported as required', () => {
    const { description: _d, output_schema: _o, ...rest } = valid();
    expect(fields(rest).sort()).toEqual(['description', 'output_schema']);
  });

  it('When a tool schema is not a valid JSON Schema, Then the schema field is reported', () => {
    expect(fields({ ...valid(), output_schema: { type: 'objekt' } })).toEqual(['output_schema.type']);
    expect(fields({ ...valid(), input_schema: { type: 'object', properties: { a: { minLength: -1 } } } })).toEqual(['input_schema.properties.a.minLength']);
  });

  it('When a tool schema could make validation slow, Then it is refused like any schema from outside', () => {
    const tags = { type: 'array', uniqueItems: true, items: { type: 'object' } };
    expect(validateManifest({ ...valid(), output_schema: { type: 'object', properties: { tags } } })).toEqual({
      ok: false,
      issues: [{ field: 'output_schema.properties.tags.uniqueItems', message: 'needs a maxItems of at most 256 (every pair of items is compared)' }],
    });
    const lookahead = { type: 'object', properties: { url: { type: 'string', pattern: '^(?=https)' } } };
    expect(fields({ ...valid(), input_schema: lookahead, examples: [] })).toEqual(['input_schema.properties.url.pattern']);
  });

  it('When the input schema root is not an object schema, Then it is refused', () => {
    expect(fields({ ...valid(), input_schema: { type: 'string' }, examples: [] })).toEqual(['input_schema.type']);
  });

  it('When an example does not match the input schema, Then the example is reported', () => {
    expect(fields({ ...valid(), examples: [{ description: 'bad', input: { url: 42 } }] })).toEqual(['examples.0.input']);
  });

  it('When the kernel range excludes this kernel or is not a range, Then kernel is reported', () => {
    expect(validateManifest({ ...valid(), kernel: '^2.0.0' })).toMatchObject({
      ok: false,
      issues: [{ field: 'kernel', message: 'requires kernel ^2.0.0, but this host runs kernel 1.2.0' }],
    });
    expect(fields({ ...valid(), kernel: 'banana' })).toEqual(['kernel']);
  });

  it.each([['1.0.0-01'], ['1.0.0-alpha..1'], ['1.0.0+build..2']])(
    'When the version %s fits the schema pattern but is not a semantic version, Then version is reported once',
    (version) => {
      expect(validateManifest({ ...valid(), version })).toEqual({
        ok: false,
        issues: [{ field: 'version', message: `"${version}" is not a semantic version` }],
      });
    },
  );

  it('When the version does not fit the schema at all, Then only the schema issue is reported', () => {
    const check = validateManifest({ ...valid(), version: 'v1.0' });
    expect(check.ok ? [] : check.issues.map((i) => i.field)).toEqual(['version']);
  });

  it('When the value is not an object at all, Then it is refused without throwing', () => {
    expect(validateManifest(null).ok).toBe(false);
    expect(validateManifest('manifest').ok).toBe(false);
  });
});
