import { Agent } from '../domain/agent/agent.entity';
import { token } from '../shared/token';

/** Stored agents. Access rules live in the services, not here. */
export interface AgentRepository {
  findById(id: string): Promise<Agent | undefined>;
  /** Stores a new agent with every field as given. */
  create(agent: Agent): Promise<void>;
  /** Overwrites every field but `id`, `ownerId` and `createdAt`; throws `AgentNotFoundError` when there is no such agent. */
  update(agent: Agent): Promise<void>;
}

export const AGENT_REPOSITORY = token<AgentRepository>('AgentRepository');
