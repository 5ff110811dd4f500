import { EntityManager } from 'typeorm';
import { AGENT_STATUSES, AgentStatus } from '../../../../core/domain/agent/agent.entity';
import { readRows } from '../sqlite-statements';

/** The `owner_id` of the rows that count every owner's agents. */
export const ALL_OWNERS = '*';

export interface CountChange {
  status: AgentStatus;
  delta: number;
}

/** `agent_counts` rows of the owner and of all owners, read in one query: `status → agents`. */
export interface OwnerCounts {
  owner: Partial<Record<AgentStatus, number>>;
  all: Partial<Record<AgentStatus, number>>;
}

/**
 * Adds `changes` to the owner's counts and to all owners' counts, in one statement whose rows
 * come in key order, so concurrent writers lock them in the same order (no deadlock on MySQL).
 * Call it inside the transaction that writes `agents`.
 */
export async function adjustAgentCounts(manager: EntityManager, ownerId: string, changes: CountChange[]): Promise<void> {
  const deltas = new Map<string, number>();
  for (const { status, delta } of changes) {
    for (const owner of [ownerId, ALL_OWNERS]) deltas.set(`${owner}\u0000${status}`, (deltas.get(`${owner}\u0000${status}`) ?? 0) + delta);
  }
  const rows = [...deltas.entries()]
    .filter(([, delta]) => delta !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, delta]) => [...key.split('\u0000'), delta]);
  if (rows.length === 0) return;
  const values = rows.map(() => '(?, ?, ?)').join(', ');
  const upsert =
    manager.connection.driver.options.type === 'mysql'
      ? 'ON DUPLICATE KEY UPDATE agents = agents + VALUES(agents)'
      : 'ON CONFLICT (owner_id, status) DO UPDATE SET agents = agents + excluded.agents';
  await manager.query(`INSERT INTO agent_counts (owner_id, status, agents) VALUES ${values} ${upsert}`, rows.flat());
}

export async function readAgentCounts(manager: EntityManager, ownerId: string | undefined): Promise<OwnerCounts> {
  const owners = ownerId === undefined ? [ALL_OWNERS] : [ALL_OWNERS, ownerId];
  const rows = await readRows<{ owner: string; status: AgentStatus; agents: number | string }>(
    manager,
    `SELECT owner_id AS owner, status, agents FROM agent_counts WHERE owner_id IN (${owners.map(() => '?').join(', ')})`,
    owners,
  );
  const counts: OwnerCounts = { owner: {}, all: {} };
  for (const row of rows) counts[row.owner === ALL_OWNERS ? 'all' : 'owner'][row.status] = Number(row.agents);
  return counts;
}

/** The sum of `counts` over `status`, or over every status when it is absent. */
export function countOf(counts: Partial<Record<AgentStatus, number>>, status: AgentStatus | undefined): number {
  return (status === undefined ? AGENT_STATUSES : [status]).reduce((sum, s) => sum + (counts[s] ?? 0), 0);
}

/** Counts every agent again from `agents`: the migration that adds the table, and bulk loads that bypass the repository. */
export async function rebuildAgentCounts(query: (sql: string) => Promise<unknown>): Promise<void> {
  await query('DELETE FROM agent_counts');
  await query('INSERT INTO agent_counts (owner_id, status, agents) SELECT owner_id, status, COUNT(*) FROM agents GROUP BY owner_id, status');
  await query(`INSERT INTO agent_counts (owner_id, status, agents) SELECT '${ALL_OWNERS}', status, COUNT(*) FROM agents GROUP BY status`);
}
