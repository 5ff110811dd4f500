import { ConfigError } from '../../../../adapters/config/config-error';
import { loadConfig } from '../../../../adapters/config/load-config';

describe('loadConfig: kv and workspace limits', () => {
  it('When nothing is set, Then each kv namespace holds 1000 keys and 1 MiB, values up to 65535 bytes, and each workspace 100 MiB in 10000 files', () => {
    const config = loadConfig({});
    expect(config.kv).toEqual({ maxKeys: 1000, maxBytes: 1_048_576, maxValueBytes: 65_535 });
    expect(config.workspace).toEqual({ maxBytes: 104_857_600, maxFiles: 10_000 });
  });

  it('When the variables are set, Then they are read as numbers', () => {
    const config = loadConfig({ KV_MAX_KEYS: '10', KV_MAX_BYTES: '4096', KV_MAX_VALUE_BYTES: '512', WORKSPACE_MAX_BYTES: '2048', WORKSPACE_MAX_FILES: '7' });
    expect(config.kv).toEqual({ maxKeys: 10, maxBytes: 4096, maxValueBytes: 512 });
    expect(config.workspace).toEqual({ maxBytes: 2048, maxFiles: 7 });
  });

  it.each([
    [{ KV_MAX_VALUE_BYTES: '65536' }, 'KV_MAX_VALUE_BYTES'],
    [{ KV_MAX_KEYS: '0' }, 'KV_MAX_KEYS'],
    [{ KV_MAX_BYTES: 'lots' }, 'KV_MAX_BYTES'],
    [{ WORKSPACE_MAX_FILES: '0' }, 'WORKSPACE_MAX_FILES'],
    [{ WORKSPACE_MAX_BYTES: '-1' }, 'WORKSPACE_MAX_BYTES'],
  ])('When %p, Then start-up fails naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(variable));
  });
});
