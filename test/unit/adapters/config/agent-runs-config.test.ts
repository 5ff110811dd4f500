import { agentSettingsFrom } from '../../../../adapters/composition/settings.module';
import { ConfigError } from '../../../../adapters/config/config-error';
import { loadConfig } from '../../../../adapters/config/load-config';

describe('loadConfig: agent run budgets', () => {
  it('When nothing is set, Then runs get 200,000 tokens and their LLM calls follow the iteration limit', () => {
    const settings = agentSettingsFrom(loadConfig({}));
    expect(settings.maxTotalTokens).toBe(200_000);
    expect(settings.maxLlmCalls).toBeUndefined();
    expect(settings.llmCallsPerIteration).toBe(3);
  });

  it('When AGENT_MAX_LLM_CALLS and AGENT_MAX_TOTAL_TOKENS are set, Then the agent settings take them', () => {
    const settings = agentSettingsFrom(loadConfig({ AGENT_MAX_LLM_CALLS: '25', AGENT_MAX_TOTAL_TOKENS: '80000' }));
    expect(settings).toMatchObject({ maxLlmCalls: 25, maxTotalTokens: 80_000 });
  });

  it.each([
    [{ AGENT_MAX_LLM_CALLS: '0' }, 'AGENT_MAX_LLM_CALLS'],
    [{ AGENT_MAX_LLM_CALLS: '501' }, 'AGENT_MAX_LLM_CALLS'],
    [{ AGENT_MAX_TOTAL_TOKENS: '999' }, 'AGENT_MAX_TOTAL_TOKENS'],
    [{ AGENT_MAX_TOTAL_TOKENS: 'lots' }, 'AGENT_MAX_TOTAL_TOKENS'],
  ])('When %p, Then start-up fails naming it', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
