import { createContainer } from '../../../adapters/composition/create-container';
import { Container } from 'inversify';
import { agentServicesModule, agentSettingsFrom } from '../../../adapters/agent-services.module';
import { APP_CONFIG } from '../../../adapters/system/system.tokens';
import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { LLM_PROVIDER_REGISTRY, LlmProviderRegistry } from '../../../core/ports/llm-provider-registry.port';
import { LOGGER, Logger } from '../../../core/ports/logger.port';
import { AgentCaller } from '../../../core/services/agents/agent-caller.service';
import { AgentRunner } from '../../../core/services/agents/agent-runner.service';
import { AGENT_SETTINGS } from '../../../core/services/agents/agent-settings';
import { ToolCatalog } from '../../../core/services/tools/tool-catalog.service';
import { ToolRunner } from '../../../core/services/tools/tool-runner.service';
import { appConfigWith } from '../../fixtures/llm/app-config.mother';

function containerWith(module: ReturnType<typeof agentServicesModule>): Container {
  const container = createContainer();
  container.bind(LLM_PROVIDER_REGISTRY).toConstantValue({} as LlmProviderRegistry);
  container.bind(LOGGER).toConstantValue({} as Logger);
  container.bind(AGENT_REPOSITORY).toConstantValue({} as AgentRepository);
  container.bind(ToolCatalog).toConstantValue({} as ToolCatalog);
  container.bind(ToolRunner).toConstantValue({} as ToolRunner);
  container.bind(APP_CONFIG).toConstantValue(appConfigWith({ provider: 'anthropic', anthropic: { apiKey: 'k' } }));
  container.loadSync(module);
  return container;
}

describe('agentServicesModule', () => {
  it('When loaded with settings, Then the runner and caller resolve as singletons and the settings are bound as given', () => {
    const settings = { defaultProvider: 'openai', defaultModel: 'gpt-4o', llmCallsPerIteration: 2, maxToolResultChars: 100 };
    const container = containerWith(agentServicesModule(settings));
    expect(container.get(AgentCaller)).toBe(container.get(AgentCaller));
    expect(container.get(AgentRunner)).toBe(container.get(AgentRunner));
    expect(container.get(AGENT_SETTINGS)).toBe(settings);
  });

  it('When loaded without settings, Then they come from the configuration', () => {
    const container = containerWith(agentServicesModule());
    expect(container.get(AGENT_SETTINGS)).toEqual({
      defaultProvider: 'anthropic',
      defaultModel: 'claude-3-5-haiku-latest',
      llmCallsPerIteration: 3,
      maxToolResultChars: 8000,
    });
  });

  it('When LLM_MODEL is set, Then new agents default to it', () => {
    expect(agentSettingsFrom(appConfigWith({ provider: 'openai', model: 'gpt-4.1' })).defaultModel).toBe('gpt-4.1');
  });
});
