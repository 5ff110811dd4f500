import { EntityManager, Not } from 'typeorm';
import { Agent, AgentStatus } from '../../../../core/domain/agent/agent.entity';
import { ListedAgent } from '../../../../core/domain/agent/listed-agent';
import { AgentNotFoundError } from '../../../../core/domain/agent/agent.errors';
import { AgentVersion } from '../../../../core/domain/agent/agent-version';
import { AgentListPosition } from '../../../../core/domain/agent/agent-list-cursor';
import { AgentQuery, AgentRepository, AgentSeekSlice, AgentSlice } from '../../../../core/ports/agent-repository.port';
import { adjustAgentCounts } from '../agents/agent-counts';
import { keysAfter, PageKey, pageKeys, streamsOf, totalOf } from '../agents/agent-listing';
import { selectAgentRows, storedCreatedAt } from '../agents/agent-rows';
import { AgentVersionOrmEntity } from '../entities/agent-version.orm-entity';
import { AgentOrmEntity } from '../entities/agent.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toAgentVersion, toAgentVersionRow } from '../mappers/agent-version.mapper';
import { toAgent, toAgentRow, toListedAgent } from '../mappers/agent.mapper';

/**
 * Agents, their versions, and `agent_counts`, which every write that adds, removes or moves an
 * agent between statuses keeps in its own transaction (see agents/agent-counts.ts).
 */
export class TypeOrmAgentRepository implements AgentRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async findById(id: string): Promise<Agent | undefined> {
    const [row] = await this.managers.use((manager) => selectAgentRows(manager, 'id = ?', [id]));
    return row ? toAgent(row) : undefined;
  }

  async create(agent: Agent): Promise<void> {
    await this.managers.transaction(async (manager) => {
      await manager.insert(AgentOrmEntity, toAgentRow(agent));
      await adjustAgentCounts(manager, agent.ownerId, [{ status: agent.status, delta: 1 }]);
    });
  }

  async update(agent: Agent): Promise<void> {
    // The owner and the creation time never change after create.
    const { id, ownerId: _ownerId, createdAt: _createdAt, ...changes } = toAgentRow(agent);
    await this.managers.transaction(async (manager) => {
      const stored = await lockedState(manager, id);
      if (!stored) throw new AgentNotFoundError(id);
      await manager.update(AgentOrmEntity, { id }, changes);
      await moveCount(manager, stored, agent.status);
    });
  }

  updateIfCurrent(agent: Agent, expected: Pick<Agent, 'version' | 'status'>): Promise<boolean> {
    const { id, ownerId: _ownerId, createdAt: _createdAt, isMainAgent: _isMainAgent, ...changes } = toAgentRow(agent);
    return this.managers.transaction(async (manager) => {
      const stored = await lockedState(manager, id);
      if (!stored || stored.status !== expected.status) return false;
      // mysql2 reports matched rows (its FOUND_ROWS flag), so an update that changes nothing still counts.
      const result = await manager.update(AgentOrmEntity, { id, version: expected.version, status: expected.status }, changes);
      if ((result.affected ?? 0) === 0) return false;
      await moveCount(manager, stored, agent.status);
      return true;
    });
  }

  deleteIfStatus(id: string, expectedStatus: AgentStatus): Promise<boolean> {
    return this.managers.transaction(async (manager) => {
      const stored = await lockedState(manager, id);
      if (!stored || stored.status !== expectedStatus) return false;
      await manager.delete(AgentOrmEntity, { id });
      await adjustAgentCounts(manager, stored.ownerId, [{ status: stored.status, delta: -1 }]);
      return true;
    });
  }

  list(query: AgentQuery, offset: number, limit: number): Promise<AgentSlice> {
    return this.managers.read(async (manager) => {
      const streams = streamsOf(query);
      const total = await totalOf(manager, streams, query.search);
      if (limit <= 0 || offset >= total) return { items: [], total };
      const keys = await pageKeys(manager, streams, query.search, { offset, limit, total });
      return { items: await agentsAt(manager, keys), total };
    });
  }

  listAfter(query: AgentQuery, after: AgentListPosition, limit: number): Promise<AgentSeekSlice> {
    return this.managers.read(async (manager) => {
      const streams = streamsOf(query);
      const total = await totalOf(manager, streams, query.search);
      const seek = { createdAt: storedCreatedAt(manager, after.createdAt), id: after.id };
      // One more than the page tells whether another page follows.
      const keys = await keysAfter(manager, streams, query.search, seek, Math.max(0, limit) + 1);
      return { items: await agentsAt(manager, keys.slice(0, limit)), total, more: keys.length > limit };
    });
  }

  setMainAgent(id: string, now: Date): Promise<boolean> {
    return this.managers.transaction(async (manager) => {
      const stored = await lockedState(manager, id);
      if (!stored) return false;
      await manager.update(AgentOrmEntity, { ownerId: stored.ownerId, isMainAgent: true, id: Not(id) }, { isMainAgent: false, updatedAt: now });
      await manager.update(AgentOrmEntity, { id }, { isMainAgent: true, updatedAt: now });
      return true;
    });
  }

  async addVersion(version: AgentVersion): Promise<void> {
    await this.managers.use((manager) => manager.insert(AgentVersionOrmEntity, toAgentVersionRow(version)));
  }

  async findVersion(agentId: string, version: number): Promise<AgentVersion | undefined> {
    const row = await this.managers.use((manager) => manager.findOneBy(AgentVersionOrmEntity, { agentId, version }));
    return row ? toAgentVersion(row) : undefined;
  }
}

/**
 * The agents at `keys`, newest first. On MySQL a row deleted since its key was read is simply left
 * out; on SQLite the keys are rowids, read in the same snapshot (`ManagerProvider.read`), so no
 * other process can have deleted the agent or given its rowid to another one in between.
 */
async function agentsAt(manager: EntityManager, keys: PageKey[]): Promise<ListedAgent[]> {
  if (keys.length === 0) return [];
  const key = manager.connection.driver.options.type === 'mysql' ? 'id' : 'rowid';
  const rows = await selectAgentRows(manager, `${key} IN (${keys.map(() => '?').join(', ')})`, keys, 'created_at DESC, id DESC');
  return rows.map(toListedAgent);
}

interface StoredState {
  ownerId: string;
  status: AgentStatus;
}

/**
 * The stored owner and status, locked until the transaction ends on MySQL (`FOR UPDATE`), so the
 * status a count is moved from is the one the write replaces. SQLite runs one transaction at a time.
 */
async function lockedState(manager: EntityManager, id: string): Promise<StoredState | undefined> {
  const lock = manager.connection.driver.options.type === 'mysql' ? ' FOR UPDATE' : '';
  const [row] = (await manager.query(`SELECT owner_id AS ownerId, status FROM agents WHERE id = ?${lock}`, [id])) as StoredState[];
  return row;
}

function moveCount(manager: EntityManager, stored: StoredState, to: AgentStatus): Promise<void> {
  if (stored.status === to) return Promise.resolve();
  return adjustAgentCounts(manager, stored.ownerId, [
    { status: stored.status, delta: -1 },
    { status: to, delta: 1 },
  ]);
}
