import { token } from '../shared/token';
import { LlmProvider } from './llm-provider.port';

/** What a run says about its model: an agent's `model_config` and whose agent it is. */
export interface ModelRef {
  /** The owner of the agent; a model configuration must be theirs to be used. */
  ownerId: string;
  /** Any provider name (`openai`, `anthropic`, `local`, `offline`, …). */
  provider: string;
  /** Sent to the provider when it is the one named; empty = its default model. */
  modelName?: string;
  modelConfigId?: string;
}

export interface ResolvedModel {
  /** Retries, budget counting and the call log included. */
  provider: LlmProvider;
  /** For `ChatRequest.model`; undefined = the provider's default model. */
  model: string | undefined;
  /** The model configuration used, when one was. */
  configId?: string;
}

/**
 * Chooses the model that answers a run (decisions.md): (1) the model configuration the
 * reference names, when it exists and is the owner's; (2) else the server's configuration of
 * the provider it names (`LLM_PROVIDER`, `OPENAI_API_KEY`, `ANTHROPIC_API_KEY`,
 * `LOCAL_LLM_BASE_URL`); (3) else the offline model, so every agent answers on a fresh install.
 */
export interface LlmProviderRegistry {
  resolve(ref: ModelRef): Promise<ResolvedModel>;
}

export const LLM_PROVIDER_REGISTRY = token<LlmProviderRegistry>('LlmProviderRegistry');
