import { Agent, AgentStatus } from '../domain/agent/agent.entity';
import { AgentListPosition } from '../domain/agent/agent-list-cursor';
import { AgentVersion } from '../domain/agent/agent-version';
import { ListedAgent } from '../domain/agent/listed-agent';
import { token } from '../shared/token';

export interface AgentQuery {
  /** Only what this user may see: their own agents and every deployed one. Every agent when absent (admins). */
  visibleTo?: string;
  status?: AgentStatus;
  /** A substring of the name or description, case-insensitive for ASCII letters; `%` and `_` are literal. */
  search?: string;
}

export interface AgentSlice {
  /** Newest first (`createdAt` descending, then `id` descending). */
  items: ListedAgent[];
  /** Every agent the query matches. */
  total: number;
}

export interface AgentSeekSlice extends AgentSlice {
  /** Whether agents the query matches follow the last item. */
  more: boolean;
}

/** Stored agents and their versions. Access rules live in the services, not here. */
export interface AgentRepository {
  findById(id: string): Promise<Agent | undefined>;
  /** Stores a new agent with every field as given. */
  create(agent: Agent): Promise<void>;
  /** Overwrites every field but `id`, `ownerId` and `createdAt`; throws `AgentNotFoundError` when there is no such agent. */
  update(agent: Agent): Promise<void>;
  /**
   * Writes the payload fields, `status`, `version` and `updatedAt`, only if the stored agent still
   * has the expected version and status. False when it does not (a concurrent change) or is gone.
   */
  updateIfCurrent(agent: Agent, expected: Pick<Agent, 'version' | 'status'>): Promise<boolean>;
  /** Deletes the agent only if it is still in `expectedStatus`; false when it is not, or is gone. */
  deleteIfStatus(id: string, expectedStatus: AgentStatus): Promise<boolean>;
  list(query: AgentQuery, offset: number, limit: number): Promise<AgentSlice>;
  /**
   * Up to `limit` agents that come after `after` in list order, whether or not an agent stands at
   * `after` any more: agents inserted or deleted meanwhile never shift the rest (keyset paging).
   */
  listAfter(query: AgentQuery, after: AgentListPosition, limit: number): Promise<AgentSeekSlice>;
  /**
   * Makes the agent its owner's main agent and unsets the owner's previous one, in one transaction.
   * Sets `updatedAt` of both to `now`; false when the agent is gone.
   */
  setMainAgent(id: string, now: Date): Promise<boolean>;
  /** Stores a version; fails when the agent already has that version number. */
  addVersion(version: AgentVersion): Promise<void>;
  findVersion(agentId: string, version: number): Promise<AgentVersion | undefined>;
}

export const AGENT_REPOSITORY = token<AgentRepository>('AgentRepository');
