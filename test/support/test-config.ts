import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig } from '../../adapters/config/app-config';
import { loadConfig } from '../../adapters/config/load-config';

/** Embedded defaults in a fresh temporary DATA_DIR, ephemeral ports, silent logs. */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'agent-platform-')),
    PLATFORM_PORT: '0',
    ENVELOPE_PORT: '0',
    PROMPT_PORT: '0',
    LOG_LEVEL: 'silent',
    SANDBOX_WORKERS: '1',
    ...overrides,
  });
}
