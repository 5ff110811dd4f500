import { BUILTIN_WORKFLOW_TEMPLATES } from '../../../../core/domain/workflow/templates/builtin-workflow-templates';
import { aWorkflowValidator } from '../../../fixtures/workflows/workflow-validator.fixture';

describe('Built-in workflow templates', () => {
  it('When counted, Then there are at least 8, each with a unique kebab-case id and a name, description and category', () => {
    expect(BUILTIN_WORKFLOW_TEMPLATES.length).toBeGreaterThanOrEqual(8);
    const ids = BUILTIN_WORKFLOW_TEMPLATES.map((template) => template.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const template of BUILTIN_WORKFLOW_TEMPLATES) {
      expect(template.id).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
      expect(template.name.length).toBeGreaterThan(0);
      expect(template.name.length).toBeLessThanOrEqual(200);
      expect(template.description.length).toBeGreaterThan(0);
      expect(template.category.length).toBeGreaterThan(0);
    }
  });

  it.each(BUILTIN_WORKFLOW_TEMPLATES.map((template) => [template.id, template] as const))(
    'When %s is validated, Then WorkflowValidator finds no issue',
    (_id, template) => {
      expect(aWorkflowValidator().validate(template.graph)).toEqual([]);
    },
  );

  it.each(BUILTIN_WORKFLOW_TEMPLATES.map((template) => [template.id, template] as const))(
    'When %s names tools, Then each is a built-in tool of tools-builtin/',
    (_id, template) => {
      const toolIds = template.graph.nodes.filter((node) => node.type === 'tool').map((node) => String(node.config?.tool_id));
      for (const toolId of toolIds) expect(() => require.resolve(`../../../../tools-builtin/${toolId}/manifest.json`)).not.toThrow();
    },
  );

  it.each([
    ['summarize-url', ['http', 'code', 'llm']],
    ['classify-and-route', ['classifier']],
    ['extract-to-json', ['extractor']],
    ['rag-answer', ['knowledge_retrieval', 'llm', 'answer']],
    ['approval-flow', ['llm', 'approval', 'file_write']],
  ])('When %s is read, Then it is built on the node types made for it: %s', (id, types) => {
    const template = BUILTIN_WORKFLOW_TEMPLATES.find((candidate) => candidate.id === id);
    expect(template?.graph.nodes.map((node) => node.type)).toEqual(expect.arrayContaining(types));
  });

  it('When approval-flow is read, Then its approval has an approved branch to publish and a rejected branch to revise', () => {
    const template = BUILTIN_WORKFLOW_TEMPLATES.find((candidate) => candidate.id === 'approval-flow');
    expect(template?.graph.edges.filter((edge) => edge.source === 'review')).toEqual([
      { source: 'review', target: 'publish', condition: 'approved' },
      { source: 'review', target: 'revise', condition: 'rejected' },
    ]);
  });
});
