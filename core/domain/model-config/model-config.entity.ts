export const MODEL_PROVIDERS = ['openai', 'anthropic', 'local', 'offline'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

/**
 * A user's model configuration: which provider and model answer, where, and with which key.
 * The API key is only ever held sealed (`SecretCipher`); the plaintext exists just while a
 * provider client is built from it.
 */
export interface ModelConfig {
  /** UUID. */
  id: string;
  ownerId: string;
  /** Unique per owner. */
  name: string;
  provider: ModelProvider;
  /** The model name sent to the provider (`gpt-4o-mini`, `claude-3-5-haiku-latest`, `llama3.1`). */
  model: string;
  /** An http(s) endpoint the egress guard allows; null = the provider's public endpoint. */
  baseUrl: string | null;
  /** The API key sealed under `apiKeyContextOf(id)`; null when there is none. */
  sealedApiKey: string | null;
  /** A masked form of the key (its last four characters at most), shown instead of it. */
  apiKeyHint: string | null;
  /** At most one configuration per owner is the default. */
  isDefault: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** The additional authenticated data that binds a sealed API key to its configuration. */
export function apiKeyContextOf(configId: string): string {
  return `model_config:${configId}`;
}

const HINT_MIN_KEY_LENGTH = 12;

/** `****` plus the last four characters; only `****` for a key too short to spare four. */
export function apiKeyHintOf(apiKey: string): string {
  return apiKey.length >= HINT_MIN_KEY_LENGTH ? `****${apiKey.slice(-4)}` : '****';
}
