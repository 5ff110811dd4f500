import { RagSource } from '../../../core/domain/knowledge/rag-answer';
import * as core from '../../../core/services/knowledge/rag-prompt';
import { validateManifest } from '../../../plugins/kernel/manifest/manifest-validator';
import * as tool from '../../../tools-builtin/rag_answer/rag-prompt';
import { compileSchema, schemaValidator } from '../../support/untrusted-schemas';

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
    expect(validateManifest(manifest, schemaValidator)).toMatchObject({ ok: true });
    expect(manifest).toMatchObject({ id, publisher: 'builtin', category: 'knowledge', entry: 'dist/index.js', capabilities: { knowledge: {} } });
    expect(manifest.input_schema).toMatchObject({ type: 'object', additionalProperties: false });
  });

  it('When its examples are checked, Then each input is valid for input_schema', () => {
    const input = compileSchema(manifest.input_schema);
    expect((manifest.examples ?? []).length).toBeGreaterThan(0);
    for (const example of manifest.examples ?? []) expect({ example: example.description, issues: input.validate(example.input as never) }).toEqual({ example: example.description, issues: [] });
  });
});

describe('rag_answer prompt', () => {
  const sources: RagSource[] = [
    { index: 1, title: 'a\tb.md', chunkIndex: 2, content: 'x'.repeat(30), documentId: 'd1', knowledgeBaseId: 'k', score: 0.9 },
    { index: 2, title: '退货.md', chunkIndex: 0, content: '退货期限为三十天。', documentId: 'd2', knowledgeBaseId: 'k', score: 0.5 },
  ];

  it("When built in the tool and in the core, Then the messages are identical (the tool cannot import the core's copy)", () => {
    expect(tool.ragMessages('What is the return period?', sources, 20)).toEqual(core.ragMessages('What is the return period?', sources, 20));
    expect(tool.noSourcesAnswer('退货？')).toBe(core.noSourcesAnswer('退货？'));
    expect(tool.noSourcesAnswer('Returns?')).toBe(core.noSourcesAnswer('Returns?'));
    expect(tool.citationsIn('See [2], [1, 2] and [7].', 2)).toEqual(core.citationsIn('See [2], [1, 2] and [7].', 2));
  });
});
