import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../adapters/config/load-config';
import { startServices } from '../../../bin/services';
import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { anAgent } from '../../fixtures/agents/agent.mother';

/** The product on embedded defaults with its model at BENCH_LLM_URL (OpenAI wire format), one user, its token and one agent. */
async function main(): Promise<void> {
  const services = await startServices(
    loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-chat-')),
      PLATFORM_PORT: '0',
      ENVELOPE_PORT: '0',
      PROMPT_PORT: '0',
      LOG_LEVEL: 'silent',
      LLM_PROVIDER: 'openai',
      OPENAI_API_KEY: 'bench',
      OPENAI_BASE_URL: process.env.BENCH_LLM_URL,
      CHAT_RATE_PER_MINUTE: '100000',
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
  const me = (await (await fetch(`${base}/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string };
  const agentId = randomUUID();
  const agent = anAgent({
    id: agentId,
    ownerId: me.id,
    systemPrompt: '',
    includeTools: [],
    modelConfig: { provider: 'openai', modelName: 'bench-model', temperature: 0 },
  });
  await services.app.container.get<AgentRepository>(AGENT_REPOSITORY).create(agent);
  process.send?.({ port: services.platform.port, token, agentId });
}

void main();
