import { token } from '../../shared/token';

export interface AgentSettings {
  /** `LLM_PROVIDER`: the provider new agents name by default. */
  defaultProvider: string;
  /** `LLM_MODEL`, or the provider's default model: the model new agents name by default. */
  defaultModel: string;
  /**
   * Budget of a run that is not given one: `iterationLimit × llmCallsPerIteration` LLM calls.
   * Retries count against it (behaviour rule 3), so it allows for a few per iteration.
   */
  llmCallsPerIteration: number;
  /** Longest tool message handed back to the model, in characters (keeps the context bounded). */
  maxToolResultChars: number;
  /**
   * `AGENT_MAX_LLM_CALLS`: LLM calls of a run whose agent sets no `max_llm_calls`; unset, the
   * `iterationLimit × llmCallsPerIteration` above.
   */
  maxLlmCalls?: number;
  /** `AGENT_MAX_TOTAL_TOKENS`: tokens of a run whose agent sets no `max_total_tokens`. */
  maxTotalTokens: number;
  /** Passages of an agent's knowledge bases put before its first model call (behaviour rule 11). */
  knowledgeTopK: number;
  /** Characters of that knowledge context at most, source names included. */
  knowledgeContextChars: number;
}

export const DEFAULT_AGENT_RUN_LIMITS: Pick<
  AgentSettings,
  'llmCallsPerIteration' | 'maxToolResultChars' | 'maxTotalTokens' | 'knowledgeTopK' | 'knowledgeContextChars'
> = {
  llmCallsPerIteration: 3,
  maxToolResultChars: 8000,
  maxTotalTokens: 200_000,
  knowledgeTopK: 4,
  knowledgeContextChars: 6000,
};

export const AGENT_SETTINGS = token<AgentSettings>('AgentSettings');
