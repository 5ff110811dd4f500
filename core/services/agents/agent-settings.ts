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
}

export const DEFAULT_AGENT_RUN_LIMITS: Pick<AgentSettings, 'llmCallsPerIteration' | 'maxToolResultChars'> = {
  llmCallsPerIteration: 3,
  maxToolResultChars: 8000,
};

export const AGENT_SETTINGS = token<AgentSettings>('AgentSettings');
