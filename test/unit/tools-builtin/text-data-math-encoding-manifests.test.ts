import { validateManifest } from '../../../plugins/kernel/manifest/manifest-validator';
import { manifestChecks } from '../../support/manifest-checks';
import { compileSchema } from '../../support/untrusted-schemas';

// The text, data, math and encoding built-ins: every manifest must load, and what it promises must hold.
const CATEGORIES = {
  text: ['regex_extract', 'text_replace', 'text_split', 'text_stats', 'markdown_to_html', 'html_to_text'],
  data: ['json_parse', 'json_query', 'json_to_csv', 'csv_to_json'],
  math: ['calculator', 'unit_convert', 'random_number', 'uuid_generate', 'current_datetime', 'date_calc'],
  encoding: ['base64', 'url_codec', 'hash_digest', 'jwt_decode'],
} as const;

const TOOLS = Object.entries(CATEGORIES).flatMap(([category, ids]) => ids.map((id) => [id, category] as const));

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  description?: string;
}

interface Manifest {
  id: string;
  description: string;
  input_schema: Schema;
  output_schema: object;
  capabilities: object;
  examples?: { description: string; input: object; output?: unknown }[];
}

function manifestOf(id: string): Manifest {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(`../../../tools-builtin/${id}/manifest.json`);
}

/** Every object schema inside an input schema (the LLM writes inputs: each object must be closed). */
function objectSchemas(schema: Schema, path = 'input'): [string, Schema][] {
  const own: [string, Schema][] = schema.properties ? [[path, schema]] : [];
  const nested = Object.entries(schema.properties ?? {}).flatMap(([name, child]) => objectSchemas(child, `${path}.${name}`));
  return [...own, ...nested, ...(schema.items ? objectSchemas(schema.items, `${path}[]`) : [])];
}

describe.each(TOOLS)('manifest of %s', (id, category) => {
  const manifest = manifestOf(id);

  it('When validated by the kernel, Then it has no issue', () => {
    expect(validateManifest(manifest, manifestChecks)).toMatchObject({ ok: true });
  });

  it(`When read, Then its id is its folder, it is a builtin ${category} tool without capabilities`, () => {
    expect(manifest).toMatchObject({ id, publisher: 'builtin', entry: 'dist/index.js', category, kind: 'tool', capabilities: {} });
  });

  it('When the LLM reads it, Then the description is one sentence and every input object is closed', () => {
    expect(manifest.description).toMatch(/^[A-Z][^]*\.$/);
    expect(manifest.description.length).toBeLessThanOrEqual(400);
    for (const [path, schema] of objectSchemas(manifest.input_schema)) expect({ path, closed: schema.additionalProperties }).toEqual({ path, closed: false });
  });

  it('When an example shows an output, Then it matches output_schema', () => {
    const output = compileSchema(manifest.output_schema);
    expect((manifest.examples ?? []).length).toBeGreaterThan(0);
    for (const example of (manifest.examples ?? []).filter((e) => e.output !== undefined)) {
      expect({ example: example.description, issues: output.validate(example.output as never) }).toEqual({ example: example.description, issues: [] });
    }
  });
});
