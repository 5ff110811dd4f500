import { agentDefaults, defaultWorkflowConfig } from '../../../../core/domain/agent/agent-defaults';
import { checkAgentPayload } from '../../../../core/domain/agent/agent-payload.rules';

const defaults = agentDefaults('offline', 'offline-model');
const fieldsOf = (input: Parameters<typeof checkAgentPayload>[0]) => {
  const checked = checkAgentPayload(input, defaults);
  return checked.ok ? [] : checked.issues.map((issue) => issue.field);
};

describe('checkAgentPayload', () => {
  it('When only a name is given, Then every other field takes its default, as fresh objects', () => {
    const checked = checkAgentPayload({ name: ' Scout ' }, defaults);
    expect(checked).toEqual({
      ok: true,
      value: {
        name: 'Scout',
        description: '',
        systemPrompt: '',
        modelConfig: { provider: 'offline', modelName: 'offline-model', temperature: 0.7 },
        iterationLimit: 10,
        includeTools: [],
        workflowConfig: defaultWorkflowConfig(),
        knowledgeBaseIds: [],
        selfReview: false,
      },
    });
    if (checked.ok) expect(checked.value.includeTools).not.toBe(defaults.includeTools);
  });

  it('When a model configuration leaves out the temperature, Then it is 0.7; a given id is kept, lower-cased', () => {
    const checked = checkAgentPayload(
      { name: 'a', modelConfig: { provider: 'openai', modelName: 'gpt-4o', modelConfigId: 'ABCDEF01-2345-4678-9ABC-DEF012345678' } },
      defaults,
    );
    expect(checked).toMatchObject({
      ok: true,
      value: { modelConfig: { provider: 'openai', modelName: 'gpt-4o', temperature: 0.7, modelConfigId: 'abcdef01-2345-4678-9abc-def012345678' } },
    });
  });

  it('When the run settings are given, Then they are kept, knowledge base ids lower-cased; null budgets mean the defaults', () => {
    const input = { name: 'a', maxLlmCalls: 20, maxTotalTokens: 50_000, knowledgeBaseIds: ['AAAAAAAA-0000-4000-8000-000000000001'], selfReview: true };
    expect(checkAgentPayload(input, defaults)).toMatchObject({
      ok: true,
      value: { maxLlmCalls: 20, maxTotalTokens: 50_000, knowledgeBaseIds: ['aaaaaaaa-0000-4000-8000-000000000001'], selfReview: true },
    });
    const unset = checkAgentPayload({ name: 'a', maxLlmCalls: null, maxTotalTokens: null }, defaults);
    expect(unset.ok && 'maxLlmCalls' in unset.value).toBe(false);
    expect(unset.ok && 'maxTotalTokens' in unset.value).toBe(false);
  });

  it.each([
    ['a model configuration without provider', { modelConfig: { modelName: 'm' } }, ['model_config.provider']],
    ['a temperature that is not a number', { modelConfig: { provider: 'p', modelName: 'm', temperature: '1' } }, ['model_config.temperature']],
    ['a workflow that is not an object', { workflowConfig: [] }, ['workflow_config']],
    ['a node that is not an object', { workflowConfig: { nodes: ['start'], edges: [] } }, ['workflow_config.nodes[0]']],
    [
      'a node without type, a bad label and config',
      { workflowConfig: { nodes: [{ id: 'a', label: 3, config: [] }], edges: [] } },
      ['workflow_config.nodes[0].type', 'workflow_config.nodes[0].label', 'workflow_config.nodes[0].config'],
    ],
    ['an edge that is not an object', { workflowConfig: { nodes: [], edges: [null] } }, ['workflow_config.edges[0]']],
    [
      'an edge with a numeric condition',
      { workflowConfig: { nodes: [{ id: 'a', type: 'agent' }], edges: [{ source: 'a', target: 'a', condition: 1 }] } },
      ['workflow_config.edges[0].condition'],
    ],
    ['tools that are not an array', { includeTools: 'calculator' }, ['include_tools']],
    ['a description that is not text', { description: 5 }, ['description']],
    ['budgets out of bounds', { maxLlmCalls: 0, maxTotalTokens: 999 }, ['max_llm_calls', 'max_total_tokens']],
    ['budgets that are not integers', { maxLlmCalls: 2.5, maxTotalTokens: '5000' }, ['max_llm_calls', 'max_total_tokens']],
    ['a self_review that is not a boolean', { selfReview: 'yes' }, ['self_review']],
    ['too many knowledge bases', { knowledgeBaseIds: Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`) }, ['knowledge_base_ids']],
    [
      'a knowledge base id that is no UUID, and a repeat',
      { knowledgeBaseIds: ['kb-1', 'AAAAAAAA-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000001'] },
      ['knowledge_base_ids[0]', 'knowledge_base_ids[2]'],
    ],
  ])('When the payload has %s, Then the issue names %j', (_what, input, fields) => {
    expect(fieldsOf({ name: 'a', ...input })).toEqual(fields);
  });
});
