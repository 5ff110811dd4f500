export type StorageKind = 'sqlite' | 'mysql';
export type VectorStoreKind = 'embedded' | 'elasticsearch';
export type QueueKind = 'inprocess' | 'rabbitmq';
export type LlmProviderKind = 'offline' | 'openai' | 'anthropic' | 'local';
export type EmbeddingProviderKind = 'hashing' | 'openai' | 'local';

/** The whole typed configuration; `loadConfig` is the only reader of the environment. */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  version: string;
  host: string;
  ports: { platform: number; envelope: number; prompt: number };
  dataDir: string;
  bodyLimitBytes: number;
  storage: { kind: StorageKind; databaseUrl?: string; sqlEcho: boolean };
  vectors: { kind: VectorStoreKind; elasticsearchUrl?: string; indexPrefix: string };
  queue: { kind: QueueKind; amqpUrl: string; prefix: string; maxAttempts: number; retryBaseMs: number; prefetch: number };
  llm: {
    provider: LlmProviderKind;
    model?: string;
    openai: { apiKey?: string; baseUrl?: string };
    anthropic: { apiKey?: string; baseUrl?: string };
    localBaseUrl: string;
    timeoutMs: number;
    maxRetries: number;
    retryBaseMs: number;
  };
  embeddings: { provider: EmbeddingProviderKind; model?: string; dimensions: number };
  auth: { jwtSecret?: string; adminEmails: string[]; webhookToken?: string; accessTokenMinutes: number };
  /** `user`: who sandbox workers run as when the server runs as root. */
  sandbox: { workers: number; maxTimeoutMs: number; maxMemoryMb: number; egressAllowHosts: string[]; pluginPublicKeys: string[]; user: string };
  /** Per-user calls of `/tools/test/*` per minute. */
  tools: { testRatePerMinute: number };
  /**
   * Due schedules are looked for every `tickMs` by the process that runs the jobs (the server
   * with the in-process queue, `npm run worker` with RabbitMQ); several may run it, a due time fires once.
   */
  scheduler: { enabled: boolean; tickMs: number };
  /** Outgoing e-mail (the `email` notification channel); without `smtpUrl` the channel is unavailable. */
  mail: { smtpUrl?: string; from?: string };
  debug: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}
