import { Agent, AgentPayload } from './agent.entity';
import { payloadOf } from './agent-payload';
import { AgentVersion } from './agent-version';

/** A new agent (create, duplicate, import): a draft at version 1, never the main agent. */
export function newAgent(id: string, ownerId: string, payload: AgentPayload, now: Date): Agent {
  return { id, ownerId, ...payloadOf(payload), status: 'draft', version: 1, isMainAgent: false, createdAt: now, updatedAt: now };
}

/** The version record of the agent as it stands, written when `updatedAt` was. */
export function versionOf(agent: Agent): AgentVersion {
  return { agentId: agent.id, version: agent.version, payload: payloadOf(agent), createdAt: agent.updatedAt };
}
