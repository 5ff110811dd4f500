import { Agent, AgentPayload } from './agent.entity';

/** A payload as a client sent it: every field may be missing (defaults apply) or of the wrong type (422). */
export interface AgentPayloadInput {
  name?: unknown;
  description?: unknown;
  systemPrompt?: unknown;
  modelConfig?: { provider?: unknown; modelName?: unknown; temperature?: unknown; modelConfigId?: unknown } | null;
  iterationLimit?: unknown;
  includeTools?: unknown;
  workflowConfig?: unknown;
}

/** The payload part of an agent, as a fresh copy (a version snapshot, an export, a duplicate). */
export function payloadOf(agent: AgentPayload): AgentPayload {
  const copy = structuredCloneJson({
    modelConfig: agent.modelConfig,
    includeTools: agent.includeTools,
    workflowConfig: agent.workflowConfig,
  });
  return { name: agent.name, description: agent.description, systemPrompt: agent.systemPrompt, iterationLimit: agent.iterationLimit, ...copy };
}

/** The agent with `payload` written over its payload fields. */
export function withPayload(agent: Agent, payload: AgentPayload): Agent {
  return { ...agent, ...payloadOf(payload) };
}

/** Payload parts are plain JSON, so a JSON round trip is a deep copy. */
function structuredCloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
