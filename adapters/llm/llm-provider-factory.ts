import { ModelConfig } from '../../core/domain/model-config/model-config.entity';
import { LlmProvider } from '../../core/ports/llm-provider.port';
import { AppConfig, LlmProviderKind } from '../config/app-config';
import { ConfigError } from '../config/config-error';
import { ANTHROPIC_DEFAULT_BASE_URL, AnthropicLlmProvider } from './anthropic/anthropic-llm-provider';
import { LocalLlmProvider } from './local/local-llm-provider';
import { OFFLINE_MODEL, OfflineLlmProvider } from './offline/offline-llm-provider';
import { OPENAI_DEFAULT_BASE_URL, OpenAiLlmProvider } from './openai/openai-llm-provider';
import { CallRecorder, RecordingLlmProvider } from './recording-llm-provider';
import { RetryingLlmProvider, RetryTools } from './retrying-llm-provider';

/** The model each provider uses when `LLM_MODEL` is unset. */
export const DEFAULT_LLM_MODELS: Readonly<Record<LlmProviderKind, string>> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
  local: 'llama3.1',
  offline: OFFLINE_MODEL,
};

/** How a provider is wrapped: our retries (every attempt counted against the budget) and, when given, the call log. */
export interface ProviderTools extends RetryTools {
  recorder?: CallRecorder;
}

/** `LLM_MODEL` applies only to the configured provider; the others use their default model. */
export function serverModelOf(kind: LlmProviderKind, llm: AppConfig['llm']): string {
  return (kind === llm.provider ? llm.model : undefined) ?? DEFAULT_LLM_MODELS[kind];
}

/** The bare adapter for `kind`, configured from the environment. */
export function createBaseLlmProvider(kind: LlmProviderKind, llm: AppConfig['llm']): LlmProvider {
  const model = serverModelOf(kind, llm);
  const timeoutMs = llm.timeoutMs;
  switch (kind) {
    case 'offline':
      return new OfflineLlmProvider(model);
    case 'openai':
      return new OpenAiLlmProvider({
        apiKey: required(llm.openai.apiKey, 'OPENAI_API_KEY', kind),
        baseUrl: llm.openai.baseUrl ?? OPENAI_DEFAULT_BASE_URL,
        timeoutMs,
        model,
      });
    case 'anthropic':
      return new AnthropicLlmProvider({
        apiKey: required(llm.anthropic.apiKey, 'ANTHROPIC_API_KEY', kind),
        baseUrl: llm.anthropic.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL,
        timeoutMs,
        model,
      });
    case 'local':
      return new LocalLlmProvider({ baseUrl: llm.localBaseUrl, timeoutMs, model });
  }
}

/** The adapter for `kind`, configured from the environment, wrapped (see `wrapLlmProvider`). */
export function createLlmProvider(kind: LlmProviderKind, llm: AppConfig['llm'], tools: ProviderTools = {}): LlmProvider {
  return wrapLlmProvider(createBaseLlmProvider(kind, llm), serverModelOf(kind, llm), llm, tools);
}

/**
 * The adapter a user's model configuration describes. Its base URL is the user's choice, so
 * every request goes through `guardedFetch` (the egress guard); the environment's endpoints,
 * which the operator chose, do not. `apiKey` is the opened key, when the configuration has one.
 */
export function createModelConfigLlmProvider(
  config: ModelConfig,
  apiKey: string | undefined,
  llm: AppConfig['llm'],
  guardedFetch: typeof fetch,
  tools: ProviderTools = {},
): LlmProvider {
  const settings = { timeoutMs: llm.timeoutMs, model: config.model, fetch: guardedFetch };
  const base = ((): LlmProvider => {
    switch (config.provider) {
      case 'offline':
        return new OfflineLlmProvider();
      case 'openai':
        return new OpenAiLlmProvider({ ...settings, apiKey: apiKey ?? '', baseUrl: config.baseUrl ?? OPENAI_DEFAULT_BASE_URL });
      case 'anthropic':
        return new AnthropicLlmProvider({ ...settings, apiKey: apiKey ?? '', baseUrl: config.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL });
      case 'local':
        return new LocalLlmProvider({ ...settings, apiKey, baseUrl: config.baseUrl ?? llm.localBaseUrl });
    }
  })();
  return wrapLlmProvider(base, config.provider === 'offline' ? OFFLINE_MODEL : config.model, llm, tools);
}

/** Retrying(Recording(base)): the recorder sees each attempt, the retries count each against the budget. */
function wrapLlmProvider(base: LlmProvider, defaultModel: string, llm: AppConfig['llm'], tools: ProviderTools): LlmProvider {
  const policy = { maxRetries: llm.maxRetries, retryBaseMs: llm.retryBaseMs };
  const recorded = tools.recorder ? new RecordingLlmProvider(base, defaultModel, { ...tools.recorder, logger: tools.recorder.logger ?? tools.logger }) : base;
  return new RetryingLlmProvider(recorded, policy, tools);
}

function required(value: string | undefined, variable: string, kind: LlmProviderKind): string {
  if (!value) throw new ConfigError([`${variable}: required for the ${kind} LLM provider`]);
  return value;
}
