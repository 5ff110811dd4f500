import { OpenAiLlmProvider } from '../openai/openai-llm-provider';

export interface LocalLlmSettings {
  baseUrl: string;
  timeoutMs: number;
  model: string;
  /** Ignored by most local servers, which take any key. */
  apiKey?: string;
  fetch?: typeof fetch;
}

// Local OpenAI-compatible servers (Ollama, llama.cpp, vLLM) ignore the key, but the SDK requires one.
const PLACEHOLDER_API_KEY = 'local-no-key';

/** Any OpenAI-compatible server at `LOCAL_LLM_BASE_URL`, spoken to through the openai SDK. */
export class LocalLlmProvider extends OpenAiLlmProvider {
  constructor(settings: LocalLlmSettings) {
    super({ ...settings, apiKey: settings.apiKey ?? PLACEHOLDER_API_KEY, maxTokensField: 'max_tokens' }, 'local');
  }
}
