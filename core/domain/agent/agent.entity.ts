import { JsonObject } from '../../shared/json';

/** `draft` → `deployed` (deploy) → `stopped` (stop) → `deployed`; a deployed agent is published. */
export type AgentStatus = 'draft' | 'deployed' | 'stopped';

export const AGENT_STATUSES: ReadonlyArray<AgentStatus> = ['draft', 'deployed', 'stopped'];

export interface AgentModelConfig {
  /** Any provider name; which model answers is the provider registry's choice (`LlmProviderRegistry`). */
  provider: string;
  modelName: string;
  temperature: number;
  /** The most tokens one answer may take; unset: the provider's default. */
  maxTokens?: number;
  /** A stored model configuration (UUID) the agent is bound to; it wins over `provider`/`modelName` when set. */
  modelConfigId?: string;
}

/** The fields a client writes (create, PUT, import) and every version keeps. */
export interface AgentPayload {
  name: string;
  description: string;
  /** Empty when the agent has none. */
  systemPrompt: string;
  modelConfig: AgentModelConfig;
  /** Model calls a run may make before it is cut off (behaviour rule 6); 1..50. */
  iterationLimit: number;
  /** Tool ids: built-in or plugin ids (`calculator`) and custom tool UUIDs. */
  includeTools: string[];
  /** `{nodes: [{id, type, label}], edges: [{source, target}]}`. */
  workflowConfig: JsonObject;
  /** LLM calls one run may make, retries included; unset: the configured default (docs/agents.md). */
  maxLlmCalls?: number;
  /** Tokens (prompt + completion) one run's model calls may use; unset: the configured default. */
  maxTotalTokens?: number;
  /** Knowledge bases (UUIDs) searched before a run's first model call (behaviour rule 11); the owner must be able to read them. */
  knowledgeBaseIds?: string[];
  /** After the final answer, one model call judges it against the question (behaviour rule 5). */
  selfReview?: boolean;
}

/** An agent: a system prompt, a model configuration and the tools it may call. */
export interface Agent extends AgentPayload {
  /** UUID. */
  id: string;
  ownerId: string;
  status: AgentStatus;
  /** 1 on create, +1 on every update of the payload. */
  version: number;
  isMainAgent: boolean;
  createdAt: Date;
  updatedAt: Date;
}
