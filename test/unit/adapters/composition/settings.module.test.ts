import { agentSettingsFrom, settingsModule } from '../../../../adapters/composition/settings.module';
import { createContainer } from '../../../../adapters/composition/create-container';
import { AGENT_SETTINGS } from '../../../../core/services/agents/agent-settings';
import { AUTH_SETTINGS } from '../../../../core/services/auth/auth-settings';
import { SERVICE_VERSION } from '../../../../core/services/health/service-version';
import { DAILY_QUOTA_LIMITS } from '../../../../core/services/quotas/daily-quota-limits';
import { TOOLS_SETTINGS } from '../../../../core/services/tools/tools-settings';
import { appConfigWith } from '../../../fixtures/llm/app-config.mother';

describe('settingsModule', () => {
  it('When loaded, Then every settings object comes from the configuration', () => {
    const config = appConfigWith({ provider: 'anthropic', anthropic: { apiKey: 'k' } });
    const container = createContainer();
    container.loadSync(settingsModule(config));
    expect(container.get(AGENT_SETTINGS)).toEqual({
      defaultProvider: 'anthropic',
      defaultModel: 'claude-3-5-haiku-latest',
      llmCallsPerIteration: 3,
      maxToolResultChars: 8000,
      maxTotalTokens: 200_000,
      knowledgeTopK: 4,
      knowledgeContextChars: 6000,
    });
    expect(container.get(SERVICE_VERSION)).toBe(config.version);
    expect(container.get(AUTH_SETTINGS)).toEqual({ accessTokenTtlSeconds: config.auth.accessTokenMinutes * 60 });
    expect(container.get(TOOLS_SETTINGS)).toEqual({ testRatePerMinute: config.tools.testRatePerMinute, useRatePerMinute: config.tools.useRatePerMinute });
    expect(container.get(DAILY_QUOTA_LIMITS)).toBe(config.dailyQuotas);
  });

  it('When AGENT_MAX_LLM_CALLS and AGENT_MAX_TOTAL_TOKENS are set, Then runs of agents that set no budget take them', () => {
    const config = { ...appConfigWith(), agentRuns: { maxLlmCalls: 12, maxTotalTokens: 5_000 } };
    expect(agentSettingsFrom(config)).toMatchObject({ maxLlmCalls: 12, maxTotalTokens: 5_000 });
  });

  it('When LLM_MODEL is set, Then new agents default to it', () => {
    expect(agentSettingsFrom(appConfigWith({ provider: 'openai', model: 'gpt-4.1' })).defaultModel).toBe('gpt-4.1');
  });
});
