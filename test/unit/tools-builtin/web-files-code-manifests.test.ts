import { validateManifest } from '../../../plugins/kernel/manifest/manifest-validator';
import { manifestChecks } from '../../support/manifest-checks';
import { compileSchema } from '../../support/untrusted-schemas';

// The web, files and code built-ins: every manifest must load, and what it promises must hold.
const TOOL_IDS = [
  'http_request',
  'web_fetch',
  'web_search',
  'rss_read',
  'extract_links',
  'url_parse',
  'workspace_read',
  'workspace_write',
  'workspace_list',
  'pdf_extract_text',
  'spreadsheet_read',
  'run_javascript',
] as const;

interface Example {
  description: string;
  input: Record<string, unknown>;
  output?: unknown;
}

function manifestOf(id: string): Record<string, unknown> & { examples?: Example[] } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(`../../../tools-builtin/${id}/manifest.json`);
}

describe.each(TOOL_IDS.map((id) => [id]))('manifest of %s', (id) => {
  const manifest = manifestOf(id);

  it('When validated by the kernel, Then it has no issue', () => {
    expect(validateManifest(manifest, manifestChecks)).toMatchObject({ ok: true });
  });

  it('When read, Then its id is its folder, it is builtin and its input is closed', () => {
    expect(manifest).toMatchObject({ id, publisher: 'builtin', entry: 'dist/index.js' });
    expect(manifest.input_schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect((manifest.examples ?? []).length).toBeGreaterThan(0);
  });

  it('When an example shows an output, Then it matches output_schema', () => {
    const output = compileSchema(manifest.output_schema as object);
    for (const example of (manifest.examples ?? []).filter((e) => e.output !== undefined)) {
      expect({ example: example.description, issues: output.validate(example.output as never) }).toEqual({ example: example.description, issues: [] });
    }
  });
});
