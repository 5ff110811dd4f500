import { ContainerModule } from 'inversify';
import { LLM_PROVIDER } from '../../core/ports/llm-provider.port';
import { LOGGER } from '../../core/ports/logger.port';
import { AppConfig } from '../config/app-config';
import { callRecorderOf } from './call-recorder-of';
import { createLlmProvider } from './llm-provider-factory';
import { Sleep } from './retrying-llm-provider';

/**
 * Binds `LLM_PROVIDER` (the process-wide model of the prompt optimizer, RAG answers and the `llm`
 * capability) to the provider `LLM_PROVIDER` names, behind our retries and, when the container
 * has an `LlmCallLog`, the call log.
 */
export function llmModule(config: AppConfig, options: { sleep?: Sleep } = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(LLM_PROVIDER)
      .toDynamicValue((ctx) =>
        createLlmProvider(config.llm.provider, config.llm, {
          sleep: options.sleep,
          logger: ctx.get(LOGGER, { optional: true }),
          recorder: callRecorderOf(ctx),
        }),
      )
      .inSingletonScope();
  });
}
