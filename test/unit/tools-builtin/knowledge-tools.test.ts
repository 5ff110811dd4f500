import { validateManifest } from '../../../plugins/kernel/manifest/manifest-validator';
import { manifestChecks } from '../../support/manifest-checks';
import { compileSchema } from '../../support/untrusted-schemas';

const TOOL_IDS = ['kb_search', 'kb_list', 'kb_add_document', 'rag_answer'] as const;

interface Example {
  description: string;
  input: Record<string, unknown>;
  output?: unknown;
}

function manifestOf(id: string): Record<string, unknown> & { examples?: Example[]; input_schema: object } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(`../../../tools-builtin/${id}/manifest.json`);
}

describe.each(TOOL_IDS.map((id) => [id]))('manifest of %s', (id) => {
  const manifest = manifestOf(id);

  it('When validated by the kernel, Then it has no issue and declares the knowledge capability', () => {
    expect(validateManifest(manifest, manifestChecks)).toMatchObject({ ok: true });
    expect(manifest).toMatchObject({ id, publisher: 'builtin', category: 'knowledge', entry: 'dist/index.js', capabilities: { knowledge: {} } });
    expect(manifest.input_schema).toMatchObject({ type: 'object', additionalProperties: false });
  });

  it('When its examples are checked, Then each input is valid for input_schema', () => {
    const input = compileSchema(manifest.input_schema);
    expect((manifest.examples ?? []).length).toBeGreaterThan(0);
    for (const example of manifest.examples ?? [])
      expect({ example: example.description, issues: input.validate(example.input as never) }).toEqual({ example: example.description, issues: [] });
  });
});
