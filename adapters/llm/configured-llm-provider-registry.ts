import { apiKeyContextOf, ModelConfig } from '../../core/domain/model-config/model-config.entity';
import { LlmProvider } from '../../core/ports/llm-provider.port';
import { LlmProviderRegistry, ModelRef, ResolvedModel } from '../../core/ports/llm-provider-registry.port';
import { Logger } from '../../core/ports/logger.port';
import { ModelConfigRepository } from '../../core/ports/model-config-repository.port';
import { SecretCipher } from '../../core/ports/secret-cipher.port';
import { ModelConfigProviderCache } from './model-config-provider-cache';
import { ServerLlmProviders } from './server-llm-providers';

export interface RegistryParts {
  configs: ModelConfigRepository;
  cipher: SecretCipher;
  server: ServerLlmProviders;
  /** Builds the (wrapped) provider a configuration describes, given its opened key. */
  build(config: ModelConfig, apiKey: string | undefined): LlmProvider;
  cache?: ModelConfigProviderCache;
  logger?: Logger;
}

/**
 * The resolution order of decisions.md: the agent's model configuration (read from storage on
 * every run, so an edit in any process counts at once; the client built from it is cached),
 * else the server's configuration of the provider the agent names, else the offline model.
 */
export class ConfiguredLlmProviderRegistry implements LlmProviderRegistry {
  private readonly cache: ModelConfigProviderCache;

  constructor(private readonly parts: RegistryParts) {
    this.cache = parts.cache ?? new ModelConfigProviderCache();
  }

  async resolve(ref: ModelRef): Promise<ResolvedModel> {
    if (ref.modelConfigId) {
      const config = await this.parts.configs.findById(ref.modelConfigId);
      if (config && config.ownerId === ref.ownerId) return { provider: this.fromConfig(config), model: config.model, configId: config.id };
      // Never another user's key: the agent falls back to the provider it names.
      this.parts.logger?.warn(
        { modelConfigId: ref.modelConfigId, ownerId: ref.ownerId },
        'model configuration missing or not the owner’s; using the named provider',
      );
    }
    const named = this.parts.server.get(ref.provider);
    if (named) return { provider: named, model: ref.modelName ? ref.modelName : undefined };
    return { provider: this.parts.server.offline(), model: undefined };
  }

  private fromConfig(config: ModelConfig): LlmProvider {
    return this.cache.obtain(config, () => {
      const apiKey = config.sealedApiKey === null ? undefined : this.parts.cipher.open(config.sealedApiKey, apiKeyContextOf(config.id));
      return this.parts.build(config, apiKey);
    });
  }
}
