import { ConfigError } from '../../../../adapters/config/config-error';
import { loadConfig } from '../../../../adapters/config/load-config';

describe('loadConfig', () => {
  it('When nothing is set, Then it gives the embedded defaults of decisions.md', () => {
    const config = loadConfig({});
    expect(config.ports).toEqual({ platform: 8000, envelope: 8001, prompt: 8002 });
    expect(config.host).toBe('127.0.0.1');
    expect(config.storage.kind).toBe('sqlite');
    expect(config.vectors.kind).toBe('embedded');
    expect(config.queue.kind).toBe('inprocess');
    expect(config.llm.provider).toBe('offline');
    expect(config.embeddings.provider).toBe('hashing');
    expect(config.debug).toBe(false);
    expect(config.storage.sqlEcho).toBe(false);
    expect(config.logLevel).toBe('info');
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('When variables are set, Then they are typed and normalised', () => {
    const config = loadConfig({
      STORAGE: 'mysql',
      DATABASE_URL: 'mysql://u:p@db:3306/x',
      PLATFORM_PORT: '9000',
      ADMIN_EMAILS: ' A@Example.com, b@example.com ,',
      DEBUG: 'true',
      SQL_ECHO: '1',
      QUEUE: 'rabbitmq',
    });
    expect(config.storage).toEqual({ kind: 'mysql', databaseUrl: 'mysql://u:p@db:3306/x', sqlEcho: true });
    expect(config.ports.platform).toBe(9000);
    expect(config.auth.adminEmails).toEqual(['a@example.com', 'b@example.com']);
    expect(config.debug).toBe(true);
    expect(config.queue.kind).toBe('rabbitmq');
  });

  it('When LOCAL_LLM_BASE_URL is unset, Then the local endpoint has its default but the server offers no local model unless LLM_PROVIDER=local', () => {
    expect(loadConfig({}).llm).toMatchObject({ localBaseUrl: 'http://127.0.0.1:11434/v1', localConfigured: false });
    expect(loadConfig({ LLM_PROVIDER: 'local' }).llm.localConfigured).toBe(true);
    expect(loadConfig({ LOCAL_LLM_BASE_URL: 'http://10.0.0.5:8080/v1' }).llm).toMatchObject({ localBaseUrl: 'http://10.0.0.5:8080/v1', localConfigured: true });
  });

  it('When MODEL_CONFIG_TEST_RATE_PER_MINUTE is unset, Then model tests allow 60 a minute per user', () => {
    expect(loadConfig({}).modelConfigs).toEqual({ testRatePerMinute: 60 });
    expect(loadConfig({ MODEL_CONFIG_TEST_RATE_PER_MINUTE: '5' }).modelConfigs).toEqual({ testRatePerMinute: 5 });
  });

  it('When an empty string is set, Then the default applies', () => {
    expect(loadConfig({ LLM_MODEL: '', PLATFORM_PORT: '' }).ports.platform).toBe(8000);
  });

  it.each([
    [{ STORAGE: 'postgres' }, 'STORAGE'],
    [{ PLATFORM_PORT: 'eighty' }, 'PLATFORM_PORT'],
    [{ PLATFORM_PORT: '70000' }, 'PLATFORM_PORT'],
    [{ STORAGE: 'mysql' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://x' }, 'DATABASE_URL'],
    [{ LLM_PROVIDER: 'openai' }, 'OPENAI_API_KEY'],
    [{ LLM_PROVIDER: 'anthropic' }, 'ANTHROPIC_API_KEY'],
    [{ VECTOR_STORE: 'elasticsearch' }, 'ELASTICSEARCH_URL'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ DEBUG: 'maybe' }, 'DEBUG'],
  ])('When %p, Then start-up fails naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(variable));
  });
});
