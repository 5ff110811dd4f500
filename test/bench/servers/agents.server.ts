import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../../adapters/config/load-config';
import { createStorage } from '../../../adapters/storage/storage.module';
import { rebuildAgentCounts } from '../../../adapters/storage/typeorm/agents/agent-counts';
import { AgentOrmEntity } from '../../../adapters/storage/typeorm/entities/agent.orm-entity';
import { toAgentRow } from '../../../adapters/storage/typeorm/mappers/agent.mapper';
import { agentDefaults } from '../../../core/domain/agent/agent-defaults';
import { newAgent } from '../../../core/domain/agent/new-agent';
import { startServices } from '../../../bin/services';

export const AGENTS = 100_000;
const OTHER_OWNERS = 500;
const CHUNK = 1_000;

/**
 * The product on embedded defaults with 100,000 agents: half of them the benchmark user's, half
 * spread over 500 other users, one in ten of those deployed. So the user's list is their own
 * agents plus the others' deployed ones (55,000), read from two indexes.
 */
async function main(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-agents-')),
    PLATFORM_PORT: '0',
    ENVELOPE_PORT: '0',
    PROMPT_PORT: '0',
    LOG_LEVEL: 'silent',
  });
  const services = await startServices(config);
  const api = `http://127.0.0.1:${services.platform.port}/api/v1`;
  const { token, userId } = await signUp(api);
  const { pointId, visible, seedMs } = await seed(config, userId);
  process.send?.({ port: services.platform.port, token, pointId, visible, seedMs });
}

async function signUp(api: string): Promise<{ token: string; userId: string }> {
  const credentials = { email: 'bench@example.com', password: 'bench password 1' };
  await fetch(`${api}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) });
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: credentials.email, password: credentials.password }).toString(),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const me = (await (await fetch(`${api}/auth/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string };
  return { token, userId: me.id };
}

/**
 * Bulk insert through a second connection to the same database, in chunks, one transaction; then
 * the counts. Answers one of the user's agents and how many agents the user sees.
 */
async function seed(config: ReturnType<typeof loadConfig>, userId: string): Promise<{ pointId: string; visible: number; seedMs: number }> {
  const started = performance.now();
  let pointId = '';
  let visible = 0;
  const storage = await createStorage(config);
  const others = Array.from({ length: OTHER_OWNERS }, () => randomUUID());
  const payload = { name: '', ...agentDefaults('offline', 'offline'), description: 'A benchmark agent', systemPrompt: 'You help.' };
  const base = Date.UTC(2024, 0, 1);
  try {
    await storage.dataSource.transaction(async (manager) => {
      for (let start = 0; start < AGENTS; start += CHUNK) {
        const rows = Array.from({ length: Math.min(CHUNK, AGENTS - start) }, (_, k) => {
          const i = start + k;
          const mine = i % 2 === 0;
          const deployed = !mine && i % 20 === 1;
          const agent = newAgent(randomUUID(), mine ? userId : others[i % OTHER_OWNERS], { ...payload, name: `Agent ${i}` }, new Date(base + i * 1000));
          if (mine || deployed) visible += 1;
          if (i === AGENTS / 2) pointId = agent.id;
          return toAgentRow({ ...agent, status: deployed ? 'deployed' : 'draft' });
        });
        await manager.createQueryBuilder().insert().into(AgentOrmEntity).values(rows).updateEntity(false).execute();
      }
      await rebuildAgentCounts((sql) => manager.query(sql));
    });
  } finally {
    await storage.close();
  }
  return { pointId, visible, seedMs: Math.round(performance.now() - started) };
}

void main();
