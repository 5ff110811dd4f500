import { createSecretKey, randomBytes } from 'node:crypto';
import { AesGcmSecretCipher } from '../../../../adapters/auth/aes-gcm-secret-cipher';
import { AppConfig } from '../../../../adapters/config/app-config';
import { ConfiguredLlmProviderRegistry } from '../../../../adapters/llm/configured-llm-provider-registry';
import { ServerLlmProviders } from '../../../../adapters/llm/server-llm-providers';
import { apiKeyContextOf, ModelConfig } from '../../../../core/domain/model-config/model-config.entity';
import { LlmProvider } from '../../../../core/ports/llm-provider.port';
import { Logger } from '../../../../core/ports/logger.port';
import { appConfigWith } from '../../../fixtures/llm/app-config.mother';
import { ScriptedLlmProvider } from '../../../fixtures/llm/scripted-llm-provider';
import { InMemoryModelConfigRepository } from '../../../fixtures/model-configs/in-memory-model-config-repository';
import { aModelConfig } from '../../../fixtures/model-configs/model-config.mother';

const OWNER = '11111111-1111-4111-8111-111111111111';
const STRANGER = '22222222-2222-4222-8222-222222222222';
const cipher = AesGcmSecretCipher.derivedFrom(createSecretKey(randomBytes(32)));

function sealed(overrides: Partial<ModelConfig> = {}): ModelConfig {
  const config = aModelConfig({ ownerId: OWNER, ...overrides });
  return { ...config, sealedApiKey: cipher.seal('sk-user-key-0001', apiKeyContextOf(config.id)) };
}

function setup(llm: Partial<AppConfig['llm']> = {}, configs: ModelConfig[] = []) {
  const config = appConfigWith(llm);
  const processWide = new ScriptedLlmProvider([]);
  Object.defineProperty(processWide, 'name', { value: config.llm.provider });
  const repository = new InMemoryModelConfigRepository(configs);
  const built: Array<{ config: ModelConfig; apiKey: string | undefined }> = [];
  const warnings: string[] = [];
  const registry = new ConfiguredLlmProviderRegistry({
    configs: repository,
    cipher,
    server: new ServerLlmProviders(config.llm, processWide, {}),
    build: (modelConfig, apiKey) => {
      built.push({ config: modelConfig, apiKey });
      return { name: `from-config:${modelConfig.id}` } as LlmProvider;
    },
    logger: { warn: (_f: object, message: string) => warnings.push(message) } as unknown as Logger,
  });
  return { registry, processWide, built, warnings, repository };
}

describe('ConfiguredLlmProviderRegistry: (1) the agent’s model configuration', () => {
  it('When the agent names its owner’s configuration, Then that configuration answers, with its model and its opened key', async () => {
    const config = sealed({ model: 'gpt-4.1' });
    const { registry, built } = setup({ provider: 'openai', openai: { apiKey: 'sk-server' } }, [config]);

    const resolved = await registry.resolve({ ownerId: OWNER, provider: 'openai', modelName: 'gpt-4o', modelConfigId: config.id });

    expect(resolved).toEqual({ provider: { name: `from-config:${config.id}` }, model: 'gpt-4.1', configId: config.id });
    expect(built).toEqual([{ config, apiKey: 'sk-user-key-0001' }]);
  });

  it('When the configuration belongs to someone else, Then it is never used: the named provider answers and a warning is logged', async () => {
    const config = sealed({ ownerId: STRANGER });
    const { registry, built, processWide, warnings } = setup({ provider: 'openai', openai: { apiKey: 'sk-server' } }, [config]);

    const resolved = await registry.resolve({ ownerId: OWNER, provider: 'openai', modelName: 'gpt-4o', modelConfigId: config.id });

    expect(resolved).toEqual({ provider: processWide, model: 'gpt-4o' });
    expect(built).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it('When the configuration is gone, Then the named provider answers', async () => {
    const { registry, processWide } = setup({ provider: 'anthropic', anthropic: { apiKey: 'k' } });
    const resolved = await registry.resolve({
      ownerId: OWNER,
      provider: 'anthropic',
      modelName: 'claude-x',
      modelConfigId: '33333333-3333-4333-8333-333333333333',
    });
    expect(resolved).toEqual({ provider: processWide, model: 'claude-x' });
  });

  it('When a configuration has no key, Then it is built without one', async () => {
    const config = aModelConfig({ ownerId: OWNER, provider: 'local', sealedApiKey: null, apiKeyHint: null });
    const { registry, built } = setup({}, [config]);
    await registry.resolve({ ownerId: OWNER, provider: 'offline', modelConfigId: config.id });
    expect(built[0].apiKey).toBeUndefined();
  });

  it('When runs use one configuration again, Then its client is built once; after an edit it is built anew', async () => {
    const config = sealed();
    const { registry, built, repository } = setup({}, [config]);
    const ref = { ownerId: OWNER, provider: 'openai', modelConfigId: config.id };
    const first = await registry.resolve(ref);
    expect((await registry.resolve(ref)).provider).toBe(first.provider);
    expect(built).toHaveLength(1);
    // Every run reads the configuration again: an edit made by another process counts at once.
    expect(repository.lookups).toBe(2);

    await repository.update({ ...config, model: 'gpt-4.1', updatedAt: new Date('2030-06-01T00:00:00.000Z') });
    expect((await registry.resolve(ref)).model).toBe('gpt-4.1');
    expect(built).toHaveLength(2);
  });
});

describe('ConfiguredLlmProviderRegistry: (2) the server’s configuration of the named provider', () => {
  it('When the agent names the process-wide provider, Then that very provider answers with the agent’s model name', async () => {
    const { registry, processWide } = setup({ provider: 'openai', openai: { apiKey: 'sk-server' } });
    expect(await registry.resolve({ ownerId: OWNER, provider: 'openai', modelName: 'gpt-4o' })).toEqual({ provider: processWide, model: 'gpt-4o' });
  });

  it('When the agent names it with an empty model name, Then the provider’s default model runs', async () => {
    const { registry, processWide } = setup({ provider: 'openai', openai: { apiKey: 'sk-server' } });
    expect(await registry.resolve({ ownerId: OWNER, provider: 'openai', modelName: '' })).toEqual({ provider: processWide, model: undefined });
  });

  it('When the agent names another provider whose key the server has, Then a provider of that kind answers, built once', async () => {
    const { registry, processWide } = setup({ provider: 'offline', anthropic: { apiKey: 'sk-ant' } });
    const first = await registry.resolve({ ownerId: OWNER, provider: 'anthropic', modelName: 'claude-3-5-haiku-latest' });
    expect(first.provider).not.toBe(processWide);
    expect(first.provider.name).toBe('anthropic');
    expect(first.model).toBe('claude-3-5-haiku-latest');
    expect((await registry.resolve({ ownerId: OWNER, provider: 'anthropic' })).provider).toBe(first.provider);
  });

  it('When LOCAL_LLM_BASE_URL is set, Then an agent naming local gets the local provider', async () => {
    const { registry } = setup({ provider: 'offline', localConfigured: true });
    expect((await registry.resolve({ ownerId: OWNER, provider: 'local', modelName: 'qwen2.5' })).provider.name).toBe('local');
  });
});

describe('ConfiguredLlmProviderRegistry: (3) the offline model', () => {
  it.each([
    ['openai without OPENAI_API_KEY', 'openai'],
    ['anthropic without ANTHROPIC_API_KEY', 'anthropic'],
    ['local without LOCAL_LLM_BASE_URL', 'local'],
    ['a provider the platform does not know', 'mistral'],
  ])('When the agent names %s, Then the offline model answers with its own model', async (_label, provider) => {
    const { registry, processWide } = setup({ provider: 'offline' });
    const resolved = await registry.resolve({ ownerId: OWNER, provider, modelName: 'some-model' });
    expect(resolved).toEqual({ provider: processWide, model: undefined });
    expect(resolved.provider.name).toBe('offline');
  });

  it('When the server runs another provider, Then the fallback is still the offline model, not that provider', async () => {
    const { registry, processWide } = setup({ provider: 'openai', openai: { apiKey: 'sk-server' } });
    const resolved = await registry.resolve({ ownerId: OWNER, provider: 'anthropic', modelName: 'claude-x' });
    expect(resolved.provider).not.toBe(processWide);
    expect(resolved.provider.name).toBe('offline');
    expect(resolved.model).toBeUndefined();
  });
});
