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
  ])('When the payload has %s, Then the issue names %j', (_what, input, fields) => {
    expect(fieldsOf({ name: 'a', ...input })).toEqual(fields);
  });
});
