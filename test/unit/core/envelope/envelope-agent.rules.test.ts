import { EnvelopeAgentPayload } from '../../../../core/domain/envelope/envelope-agent.entity';
import { newEnvelopeAgentPayload, updatedEnvelopeAgentPayload } from '../../../../core/domain/envelope/envelope-agent.rules';
import { ValidationError } from '../../../../core/shared/common.errors';

const current: EnvelopeAgentPayload = {
  name: 'Helper',
  description: 'Helps',
  promptTemplate: 'You help.',
  modelConfig: { provider: 'openai', modelName: 'gpt-test', temperature: 0.3, maxTokens: 100 },
};

describe('Envelope agent payload rules', () => {
  it('When a new agent leaves out the optional fields, Then description is empty, temperature 0.7 and max_tokens 2048', () => {
    expect(newEnvelopeAgentPayload({ name: '  Helper ', promptTemplate: 'You help.', modelConfig: { provider: 'local', modelName: 'llama' } })).toEqual({
      name: 'Helper',
      description: '',
      promptTemplate: 'You help.',
      modelConfig: { provider: 'local', modelName: 'llama', temperature: 0.7, maxTokens: 2048 },
    });
  });

  it.each([
    ['a provider outside the enum', { modelConfig: { provider: 'offline', modelName: 'x' } }, 'model_config.provider'],
    ['no model name', { modelConfig: { provider: 'openai' } }, 'model_config.model_name'],
    ['no model config', { modelConfig: undefined }, 'model_config'],
    ['a temperature past 2', { modelConfig: { provider: 'openai', modelName: 'x', temperature: 2.01 } }, 'model_config.temperature'],
    ['a fractional max_tokens', { modelConfig: { provider: 'openai', modelName: 'x', maxTokens: 10.5 } }, 'model_config.max_tokens'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a name that is no string', { name: 7 }, 'name'],
  ])('When a new agent has %s, Then it is a ValidationError naming %s', (_case, change, field) => {
    const input = { name: 'Helper', promptTemplate: 'You help.', modelConfig: { provider: 'openai', modelName: 'x' }, ...change };
    let error: unknown;
    try {
      newEnvelopeAgentPayload(input);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details?.[0].field).toBe(field);
  });

  it('When an update gives some fields, Then the others keep their values, model_config field by field', () => {
    expect(updatedEnvelopeAgentPayload(current, { description: '', modelConfig: { maxTokens: 64 } })).toEqual({
      ...current,
      description: '',
      modelConfig: { ...current.modelConfig, maxTokens: 64 },
    });
    expect(updatedEnvelopeAgentPayload(current, {})).toEqual(current);
    expect(() => updatedEnvelopeAgentPayload(current, { modelConfig: { provider: 'azure' } })).toThrow(ValidationError);
  });
});
