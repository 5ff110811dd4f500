import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../adapters/config/load-config';
import { startServices } from '../../../bin/services';

/** The product itself on embedded defaults, with one registered user and its token; logs at BENCH_LOG_LEVEL (silent unless set). */
async function main(): Promise<void> {
  const services = await startServices(
    loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-platform-')),
      PLATFORM_PORT: '0',
      ENVELOPE_PORT: '0',
      PROMPT_PORT: '0',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    }),
  );
  const base = `http://127.0.0.1:${services.platform.port}/api/v1/auth`;
  const credentials = { email: 'bench@example.com', password: 'bench password 1' };
  await fetch(`${base}/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) });
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: credentials.email, password: credentials.password }).toString(),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  process.send?.({ port: services.platform.port, token });
}

void main();
