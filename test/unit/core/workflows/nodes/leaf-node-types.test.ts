import { AjvJsonSchemaValidator } from '../../../../../adapters/validation/ajv-json-schema-validator';
import { WORKFLOW_NODE_TYPES } from '../../../../../core/domain/workflow/workflow-graph';
import { JsonObject } from '../../../../../core/shared/json';
import { ControlNodeTypes } from '../../../../../core/services/workflows/nodes/control-node-types';
import { LeafNodeTypes } from '../../../../../core/services/workflows/nodes/leaf-node-types';
import { leafNodePorts } from '../../../../fixtures/workflows/leaf-node-ports.mother';
import { InMemoryWorkflowRepository } from '../../../../fixtures/workflows/in-memory-workflow-repository';

const unused = { name: 'unused', chat: async () => Promise.reject(new Error('unused')), stream: () => ({}) as AsyncIterable<never> };
const leaves = new LeafNodeTypes(
  unused,
  { call: async () => Promise.reject(new Error('unused')) },
  { use: async () => Promise.reject(new Error('unused')) },
  leafNodePorts(),
);

/** A config each value node type accepts, as docs/workflows.md shows it. */
const VALID: Record<string, JsonObject> = {
  template: { template: 'Hi {{input.name}}' },
  answer: { answer: 'Done: {{last}}' },
  variable_assign: { assignments: { total: '{{input.total}}', currency: 'EUR' } },
  llm: { prompt: 'Summarise {{input.text}}' },
  agent: { agent_id: 'a1' },
  tool: { tool_id: 'calculator', arguments: { expression: '1+1' } },
  classifier: { input: '{{input.text}}', classes: [{ label: 'billing', description: 'money' }, { label: 'bug' }], default_class: 'bug' },
  extractor: { input: '{{input.text}}', schema: { type: 'object', properties: { city: { type: 'string' } } } },
  knowledge_retrieval: { knowledge_base_ids: ['kb1'], query: '{{input.question}}', top_k: 3, score_threshold: 0.5 },
  http: {
    method: 'POST',
    url: 'https://api.example.com/{{input.id}}',
    query: { q: '{{input.q}}', page: 1 },
    headers: { 'x-a': '1' },
    body: { id: '{{input.id}}' },
    timeout_ms: 5000,
  },
  code: { code: 'function main(input) { return input; }', input: { a: '{{input.a}}' } },
  json_transform: { mapping: { ids: '$.fetch.output.items[*].id' } },
  file_read: { path: 'notes/{{input.name}}.txt', encoding: 'utf-8', max_bytes: 1024 },
  file_write: { path: 'out.txt', content: '{{last}}', encoding: 'base64' },
  delay: { ms: 500 },
};

/** A config each type refuses, one broken rule each. */
const INVALID: Record<string, JsonObject> = {
  answer: {},
  variable_assign: { assignments: { 'not a name': 1 } },
  classifier: { input: 'x', classes: [] },
  extractor: { input: 'x' },
  knowledge_retrieval: { knowledge_base_ids: [], query: 'x' },
  http: { url: 'https://x.example', method: 'TRACE' },
  code: { code: 'return 1' },
  json_transform: { mapping: { ids: 'items[*].id' } },
  file_read: { path: 'a.txt', encoding: 'latin1' },
  file_write: { path: 'a.txt' },
  delay: { ms: 60_001 },
};

const schemas = new AjvJsonSchemaValidator();

describe('LeafNodeTypes', () => {
  it('When listed with the control types, Then every workflow node type has exactly one executor', () => {
    const types = [...new ControlNodeTypes(new InMemoryWorkflowRepository()).all(), ...leaves.all()].map((nodeType) => nodeType.type);

    expect([...types].sort()).toEqual([...WORKFLOW_NODE_TYPES].sort());
  });

  it.each(leaves.all().map((nodeType) => [nodeType.type, nodeType] as const))(
    'When the %s config schema is compiled, Then it is a usable schema that takes its documented config',
    (type, nodeType) => {
      const compiled = schemas.compile(nodeType.configSchema, 'config');
      if (!compiled.ok) throw new Error(JSON.stringify(compiled.error));

      expect(compiled.value.validate(VALID[type])).toEqual([]);
    },
  );

  it.each(Object.entries(INVALID))('When a %s config breaks a rule, Then its schema reports it', (type, config) => {
    const nodeType = leaves.all().find((candidate) => candidate.type === type);
    const compiled = nodeType && schemas.compile(nodeType.configSchema, 'config');
    if (!compiled?.ok) throw new Error(`no usable schema for ${type}`);

    expect(compiled.value.validate(config)).not.toEqual([]);
  });

  it.each(
    leaves
      .all()
      .filter((nodeType) => !['llm', 'agent', 'tool', 'template'].includes(nodeType.type))
      .map((nodeType) => [nodeType.type, nodeType] as const),
  )('When a %s config has a field the type does not know, Then its schema refuses it', (type, nodeType) => {
    const compiled = schemas.compile(nodeType.configSchema, 'config');
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.error));

    expect(compiled.value.validate({ ...VALID[type], surplus: true })).not.toEqual([]);
  });
});
