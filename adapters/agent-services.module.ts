import { ContainerModule } from 'inversify';
import { AGENT_SETTINGS, AgentSettings, DEFAULT_AGENT_RUN_LIMITS } from '../core/services/agents/agent-settings';
import { AppConfig } from './config/app-config';
import { DEFAULT_LLM_MODELS } from './llm/llm-provider-factory';
import { APP_CONFIG } from './system/system.tokens';

/** The settings the configuration implies: new agents default to `LLM_PROVIDER` and `LLM_MODEL`. */
export function agentSettingsFrom(config: AppConfig): AgentSettings {
  return {
    defaultProvider: config.llm.provider,
    defaultModel: config.llm.model ?? DEFAULT_LLM_MODELS[config.llm.provider],
    ...DEFAULT_AGENT_RUN_LIMITS,
  };
}

/**
 * AGENT_SETTINGS, which the agent run loop (AgentRunner, AgentCaller: use cases, autobound)
 * reads. Without `settings`, they are derived from APP_CONFIG.
 */
export function agentServicesModule(settings?: AgentSettings): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (settings) bind(AGENT_SETTINGS).toConstantValue(settings);
    else
      bind(AGENT_SETTINGS)
        .toDynamicValue((context) => agentSettingsFrom(context.get<AppConfig>(APP_CONFIG)))
        .inSingletonScope();
  });
}
