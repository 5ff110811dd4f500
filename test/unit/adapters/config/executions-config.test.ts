import { executionSettingsFrom } from '../../../../adapters/composition/settings.module';
import { ConfigError } from '../../../../adapters/config/config-error';
import { loadConfig } from '../../../../adapters/config/load-config';

describe('loadConfig: executions', () => {
  it('When nothing is set, Then a request waits 60 s, leases last 30 s renewed every 10 s, and an execution has 3 attempts', () => {
    expect(loadConfig({}).executions).toEqual({
      waitMs: 60_000,
      heartbeatMs: 10_000,
      leaseTtlMs: 30_000,
      maxAttempts: 3,
      reclaimIntervalMs: 15_000,
      maxLlmCalls: 150,
      startsPerMinute: 60,
      pipelineConcurrency: 3,
      debateRounds: 2,
    });
  });

  it('When the variables are set, Then they are read, the wait in (fractional) seconds, and the settings follow them', () => {
    const config = loadConfig({
      EXECUTE_WAIT_SECONDS: '0.5',
      EXECUTION_HEARTBEAT_MS: '1000',
      EXECUTION_LEASE_TTL_MS: '4000',
      EXECUTION_MAX_ATTEMPTS: '5',
      EXECUTION_RECLAIM_INTERVAL_MS: '2000',
      EXECUTION_MAX_LLM_CALLS: '40',
      EXECUTIONS_PER_MINUTE: '7',
      PIPELINE_CONCURRENCY: '6',
      DEBATE_ROUNDS: '3',
    });
    expect(executionSettingsFrom(config)).toEqual({
      waitMs: 500,
      heartbeatMs: 1000,
      leaseTtlMs: 4000,
      maxAttempts: 5,
      maxLlmCalls: 40,
      startsPerMinute: 7,
      pipelineConcurrency: 6,
      debate: { defaultRounds: 3, maxRounds: 5, maxAgents: 4 },
    });
  });

  it.each([
    [{ EXECUTION_HEARTBEAT_MS: '30000', EXECUTION_LEASE_TTL_MS: '30000' }, 'EXECUTION_LEASE_TTL_MS: must be longer than EXECUTION_HEARTBEAT_MS'],
    [{ EXECUTE_WAIT_SECONDS: '-1' }, 'EXECUTE_WAIT_SECONDS'],
    [{ EXECUTION_MAX_ATTEMPTS: '0' }, 'EXECUTION_MAX_ATTEMPTS'],
    [{ DEBATE_ROUNDS: '6' }, 'DEBATE_ROUNDS'],
    [{ PIPELINE_CONCURRENCY: 'many' }, 'PIPELINE_CONCURRENCY'],
  ])('When %p, Then start-up fails naming it', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
