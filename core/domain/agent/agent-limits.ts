/**
 * Bounds of an agent's payload, which the spec leaves open. Texts are counted in characters;
 * at 4 UTF-8 bytes each the longest still fits MySQL's 64 KiB TEXT column.
 */
export const AGENT_LIMITS = {
  nameChars: 100,
  descriptionChars: 2_000,
  systemPromptChars: 16_000,
  providerChars: 64,
  modelNameChars: 128,
  minTemperature: 0,
  maxTemperature: 2,
  includeTools: 100,
  toolIdChars: 128,
  workflowNodes: 200,
  workflowEdges: 500,
  nodeIdChars: 64,
  nodeTypeChars: 32,
  nodeLabelChars: 200,
  /** UTF-8 bytes of `workflow_config` as JSON. */
  workflowConfigBytes: 60_000,
  /** `max_llm_calls`: 50 iterations of a model call and a couple of retries each. */
  minLlmCalls: 1,
  maxLlmCalls: 500,
  /** `max_total_tokens`. */
  minTotalTokens: 1_000,
  maxTotalTokens: 2_000_000,
  /** `knowledge_base_ids`: each is searched before the first model call, so a few at most. */
  knowledgeBases: 5,
  /** Characters of a list's `search`. */
  searchChars: 200,
} as const;
