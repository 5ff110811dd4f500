import { LlmProvider } from '../../core/ports/llm-provider.port';
import { AppConfig, LlmProviderKind } from '../config/app-config';
import { ConfigError } from '../config/config-error';
import { ANTHROPIC_DEFAULT_BASE_URL, AnthropicLlmProvider } from './anthropic/anthropic-llm-provider';
import { LocalLlmProvider } from './local/local-llm-provider';
import { OFFLINE_MODEL, OfflineLlmProvider } from './offline/offline-llm-provider';
import { OPENAI_DEFAULT_BASE_URL, OpenAiLlmProvider } from './openai/openai-llm-provider';
import { RetryingLlmProvider, RetryTools } from './retrying-llm-provider';

/** The model each provider uses when `LLM_MODEL` is unset. */
export const DEFAULT_LLM_MODELS: Readonly<Record<LlmProviderKind, string>> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
  local: 'llama3.1',
  offline: OFFLINE_MODEL,
};

/** The bare adapter for `kind`; `LLM_MODEL` applies only to the configured provider. */
export function createBaseLlmProvider(kind: LlmProviderKind, llm: AppConfig['llm']): LlmProvider {
  const model = (kind === llm.provider ? llm.model : undefined) ?? DEFAULT_LLM_MODELS[kind];
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

/** The adapter for `kind` wrapped in our retries, which count every attempt against the budget. */
export function createLlmProvider(kind: LlmProviderKind, llm: AppConfig['llm'], tools: RetryTools = {}): LlmProvider {
  const policy = { maxRetries: llm.maxRetries, retryBaseMs: llm.retryBaseMs };
  return new RetryingLlmProvider(createBaseLlmProvider(kind, llm), policy, tools);
}

function required(value: string | undefined, variable: string, kind: LlmProviderKind): string {
  if (!value) throw new ConfigError([`${variable}: required for the ${kind} LLM provider`]);
  return value;
}
