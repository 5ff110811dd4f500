import { ContainerModule } from 'inversify';
import { LLM_PROVIDER } from '../../core/ports/llm-provider.port';
import { LLM_PROVIDER_REGISTRY } from '../../core/ports/llm-provider-registry.port';
import { LOGGER, Logger } from '../../core/ports/logger.port';
import { MODEL_CONFIG_REPOSITORY } from '../../core/ports/model-config-repository.port';
import { SECRET_CIPHER } from '../../core/ports/secret-cipher.port';
import { STREAMING_HTTP_EGRESS } from '../../core/ports/streaming-http-egress.port';
import { AppConfig } from '../config/app-config';
import { callRecorderOf } from './call-recorder-of';
import { ConfiguredLlmProviderRegistry } from './configured-llm-provider-registry';
import { egressFetch } from './egress-fetch';
import { createModelConfigLlmProvider } from './llm-provider-factory';
import { Sleep } from './retrying-llm-provider';
import { ServerLlmProviders } from './server-llm-providers';

/**
 * Binds `LLM_PROVIDER_REGISTRY`, which picks each run's model. Needs the storage module
 * (model configurations, the call log), the secret cipher, the egress guard and `LLM_PROVIDER`.
 */
export function llmProviderRegistryModule(config: AppConfig, options: { sleep?: Sleep } = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(LLM_PROVIDER_REGISTRY)
      .toDynamicValue((ctx) => {
        const logger = ctx.get<Logger>(LOGGER, { optional: true });
        const tools = { sleep: options.sleep, logger, recorder: callRecorderOf(ctx) };
        const guardedFetch = egressFetch(ctx.get(STREAMING_HTTP_EGRESS), { timeoutMs: config.llm.timeoutMs });
        return new ConfiguredLlmProviderRegistry({
          configs: ctx.get(MODEL_CONFIG_REPOSITORY),
          cipher: ctx.get(SECRET_CIPHER),
          server: new ServerLlmProviders(config.llm, ctx.get(LLM_PROVIDER), tools),
          build: (modelConfig, apiKey) => createModelConfigLlmProvider(modelConfig, apiKey, config.llm, guardedFetch, tools),
          logger,
        });
      })
      .inSingletonScope();
  });
}
