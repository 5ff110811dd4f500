import { validateManifest } from '../../../plugins/kernel/manifest/manifest-validator';
import { manifestChecks } from '../../support/manifest-checks';
import { compileSchema } from '../../support/untrusted-schemas';

// The data-source and notification built-ins: every manifest must load, and what it promises must hold.
const TOOLS: Array<[string, string, Record<string, unknown>]> = [
  ['sql_query', 'data', { datasource: {} }],
  ['document_db_query', 'data', { datasource: {} }],
  ['send_email', 'communication', { notify: { channels: ['email'] } }],
  ['im_send_message', 'communication', { notify: { channels: ['im'] } }],
  ['notify', 'communication', { notify: { channels: ['in_app'] } }],
];

interface Example {
  description: string;
  input: Record<string, unknown>;
  output?: unknown;
}

function manifestOf(id: string): Record<string, unknown> & { examples?: Example[]; input_schema: object; output_schema: object } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(`../../../tools-builtin/${id}/manifest.json`);
}

describe.each(TOOLS)('manifest of %s', (id, category, capabilities) => {
  const manifest = manifestOf(id);

  it('When validated by the kernel, Then it has no issue', () => {
    expect(validateManifest(manifest, manifestChecks)).toMatchObject({ ok: true });
  });

  it('When read, Then it is a closed-input builtin of its category asking only for its own capability', () => {
    expect(manifest).toMatchObject({ id, publisher: 'builtin', entry: 'dist/index.js', category, kind: 'tool' });
    expect(manifest.input_schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(manifest.capabilities).toEqual(capabilities);
    expect((manifest.examples ?? []).length).toBeGreaterThan(0);
  });

  it('When its examples are checked, Then every input fits input_schema and every shown output fits output_schema', () => {
    const input = compileSchema(manifest.input_schema);
    const output = compileSchema(manifest.output_schema);
    for (const example of manifest.examples ?? []) {
      expect({ example: example.description, issues: input.validate(example.input as never) }).toEqual({ example: example.description, issues: [] });
      if (example.output !== undefined)
        expect({ example: example.description, issues: output.validate(example.output as never) }).toEqual({ example: example.description, issues: [] });
    }
  });
});
