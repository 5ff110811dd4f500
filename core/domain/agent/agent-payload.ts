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
  maxLlmCalls?: unknown;
  maxTotalTokens?: unknown;
  knowledgeBaseIds?: unknown;
  selfReview?: unknown;
}

/** The payload part of an agent, as a fresh copy (a version snapshot, an export, a duplicate). */
export function payloadOf(agent: AgentPayload): AgentPayload {
  const copy = structuredCloneJson({
    modelConfig: agent.modelConfig,
    includeTools: agent.includeTools,
    workflowConfig: agent.workflowConfig,
  });
  const { name, description, systemPrompt, iterationLimit } = agent;
  return { name, description, systemPrompt, iterationLimit, ...copy, ...runSettingsOf(agent) };
}

/** The optional run settings the payload sets (budgets, knowledge, self-review), copied; unset ones stay absent. */
export function runSettingsOf(agent: AgentPayload): Pick<AgentPayload, 'maxLlmCalls' | 'maxTotalTokens' | 'knowledgeBaseIds' | 'selfReview'> {
  return {
    ...(agent.maxLlmCalls !== undefined ? { maxLlmCalls: agent.maxLlmCalls } : {}),
    ...(agent.maxTotalTokens !== undefined ? { maxTotalTokens: agent.maxTotalTokens } : {}),
    ...(agent.knowledgeBaseIds !== undefined ? { knowledgeBaseIds: [...agent.knowledgeBaseIds] } : {}),
    ...(agent.selfReview !== undefined ? { selfReview: agent.selfReview } : {}),
  };
}

/** The agent with `payload` written over its payload fields. */
export function withPayload(agent: Agent, payload: AgentPayload): Agent {
  // A run setting the new payload leaves unset is unset, not kept from before.
  const { maxLlmCalls: _calls, maxTotalTokens: _tokens, knowledgeBaseIds: _bases, selfReview: _review, ...rest } = agent;
  return { ...rest, ...payloadOf(payload) };
}

/** Payload parts are plain JSON, so a JSON round trip is a deep copy. */
function structuredCloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
