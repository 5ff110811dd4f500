import { Container } from 'inversify';
import { ConfigError } from '../../../../adapters/config/config-error';
import { createBaseLlmProvider, DEFAULT_LLM_MODELS } from '../../../../adapters/llm/llm-provider-factory';
import { llmModule } from '../../../../adapters/llm/llm.module';
import { RetryingLlmProvider } from '../../../../adapters/llm/retrying-llm-provider';
import { LlmCallBudget } from '../../../../core/domain/llm/llm-call-budget';
import { CLOCK } from '../../../../core/ports/clock.port';
import { ID_GENERATOR } from '../../../../core/ports/id-generator.port';
import { LLM_CALL_LOG } from '../../../../core/ports/llm-call-log.port';
import { LLM_PROVIDER, LlmProvider } from '../../../../core/ports/llm-provider.port';
import { appConfigWith } from '../../../fixtures/llm/app-config.mother';
import { InMemoryLlmCallLog } from '../../../fixtures/llm/in-memory-llm-call-log';

function providerFor(config = appConfigWith()) {
  const container = new Container();
  container.loadSync(llmModule(config));
  return container.get<LlmProvider>(LLM_PROVIDER);
}

describe('llmModule', () => {
  it('binds the offline provider by default, behind the retrying decorator, once', async () => {
    const provider = providerFor();
    expect(provider).toBeInstanceOf(RetryingLlmProvider);
    expect(provider.name).toBe('offline');
    const budget = new LlmCallBudget(5);
    const response = await provider.chat({ messages: [{ role: 'user', content: 'hi' }], budget });
    expect(response.model).toBe('offline-1');
    expect(budget.calls).toBe(1);
  });

  it('hands the same instance to every consumer', () => {
    const container = new Container();
    container.loadSync(llmModule(appConfigWith()));
    expect(container.get<LlmProvider>(LLM_PROVIDER)).toBe(container.get<LlmProvider>(LLM_PROVIDER));
  });

  it('uses LLM_MODEL for the configured provider', async () => {
    const response = await providerFor(appConfigWith({ model: 'offline-demo' })).chat({ messages: [{ role: 'user', content: 'hi' }] });
    expect(response.model).toBe('offline-demo');
  });

  it.each([
    ['openai', 'openai'],
    ['anthropic', 'anthropic'],
    ['local', 'local'],
  ] as const)('binds the %s provider when configured', (kind, name) => {
    const config = appConfigWith({ provider: kind, openai: { apiKey: 'sk-x' }, anthropic: { apiKey: 'sk-ant-x' } });
    expect(providerFor(config).name).toBe(name);
  });
});

describe('llmModule and the call log', () => {
  it('When the container has an LlmCallLog, Then every call of the process-wide provider is recorded, trace and all', async () => {
    const log = new InMemoryLlmCallLog();
    const container = new Container();
    container.bind(LLM_CALL_LOG).toConstantValue(log);
    container.bind(CLOCK).toConstantValue({ now: () => new Date('2031-01-01T00:00:00.000Z') });
    container.bind(ID_GENERATOR).toConstantValue({ uuid: () => 'call-1', secret: () => 's' });
    container.loadSync(llmModule(appConfigWith()));

    await container.get<LlmProvider>(LLM_PROVIDER).chat({ messages: [{ role: 'user', content: 'hi' }], trace: { ownerId: 'user-1' } });

    expect(log.calls).toEqual([
      expect.objectContaining({ id: 'call-1', ownerId: 'user-1', provider: 'offline', model: 'offline-1', outcome: 'success', attempt: 1 }),
    ]);
  });
});

describe('createBaseLlmProvider', () => {
  it('names a default model per provider', () => {
    expect(DEFAULT_LLM_MODELS).toEqual({ openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest', local: 'llama3.1', offline: 'offline-1' });
  });

  it('refuses a vendor provider without its API key, naming the variable', () => {
    expect(() => createBaseLlmProvider('openai', appConfigWith().llm)).toThrow(ConfigError);
    expect(() => createBaseLlmProvider('anthropic', appConfigWith().llm)).toThrow(/ANTHROPIC_API_KEY/);
  });
});
