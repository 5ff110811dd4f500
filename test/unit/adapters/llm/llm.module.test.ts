import { Container } from 'inversify';
import { ConfigError } from '../../../../adapters/config/config-error';
import { createBaseLlmProvider, DEFAULT_LLM_MODELS } from '../../../../adapters/llm/llm-provider-factory';
import { llmModule } from '../../../../adapters/llm/llm.module';
import { RetryingLlmProvider } from '../../../../adapters/llm/retrying-llm-provider';
import { LlmCallBudget } from '../../../../core/domain/llm/llm-call-budget';
import { LLM_PROVIDER, LlmProvider } from '../../../../core/ports/llm-provider.port';
import { appConfigWith } from '../../../fixtures/llm/app-config.mother';

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

describe('createBaseLlmProvider', () => {
  it('names a default model per provider', () => {
    expect(DEFAULT_LLM_MODELS).toEqual({ openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest', local: 'llama3.1', offline: 'offline-1' });
  });

  it('refuses a vendor provider without its API key, naming the variable', () => {
    expect(() => createBaseLlmProvider('openai', appConfigWith().llm)).toThrow(ConfigError);
    expect(() => createBaseLlmProvider('anthropic', appConfigWith().llm)).toThrow(/ANTHROPIC_API_KEY/);
  });
});
