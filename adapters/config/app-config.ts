import { KeyValueLimits } from '../../core/domain/key-value/key-value-limits';
import { AuthLimits } from '../../core/services/auth/auth-limits';
import { DailyQuotaLimits } from '../../core/services/quotas/daily-quota-limits';
import { TrustProxy } from './trust-proxy';

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
  /** Whose `X-Forwarded-For` to believe when working out a client's address (Express `trust proxy`). */
  trustProxy: TrustProxy;
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
    /** `LOCAL_LLM_BASE_URL` was set (or `LLM_PROVIDER=local`): the server has a local model to offer agents naming `local`. */
    localConfigured: boolean;
    timeoutMs: number;
    maxRetries: number;
    retryBaseMs: number;
  };
  embeddings: { provider: EmbeddingProviderKind; model?: string; dimensions: number };
  /** `adminEmails` are created at start by the admin bootstrap, with `adminInitialPassword` or a generated one. */
  auth: {
    jwtSecret?: string;
    adminEmails: string[];
    adminInitialPassword?: string;
    webhookToken?: string;
    accessTokenMinutes: number;
    limits: AuthLimits;
  };
  /** `user`: who sandbox workers run as when the server runs as root. */
  sandbox: { workers: number; maxTimeoutMs: number; maxMemoryMb: number; egressAllowHosts: string[]; pluginPublicKeys: string[]; user: string };
  /**
   * Per-user calls of `/tools/test/*` per minute; weighted tool uses per minute (every entry point);
   * tool calls running at once in the sandbox pool.
   */
  tools: { testRatePerMinute: number; useRatePerMinute: number; maxConcurrentPerUser: number };
  /** Per-user calls of `POST /model-configs/{id}/test` per minute. */
  modelConfigs: { testRatePerMinute: number };
  /** Per-user daily allowances of mail, schedules and workspace writes. */
  dailyQuotas: DailyQuotaLimits;
  /** Quota of each `kv` namespace (one per plugin and user). */
  kv: KeyValueLimits;
  /** Size cap of each user's workspace: bytes of its files, and files plus folders. */
  workspace: { maxBytes: number; maxFiles: number };
  /**
   * Due schedules are looked for every `tickMs` by the process that runs the jobs (the server
   * with the in-process queue, `npm run worker` with RabbitMQ); several may run it, a due time fires once.
   */
  scheduler: { enabled: boolean; tickMs: number };
  /** Webhook deliveries: the cap of what a workflow receives (`{body, headers, query}` as JSON), how long an `Idempotency-Key` is remembered. */
  webhooks: { maxBodyBytes: number; idempotencyTtlMs: number };
  /** Runs and their event logs are kept `retentionMs`; an SSE stream sends a heartbeat comment every `sseHeartbeatMs`. */
  runs: { retentionMs: number; sseHeartbeatMs: number };
  /** Rows of the LLM and tool call logs older than `retentionMs` are deleted by the expiry sweep. */
  callLogs: { retentionMs: number };
  /** Per-run budgets of agents that set none (`AGENT_MAX_LLM_CALLS`, `AGENT_MAX_TOTAL_TOKENS`); docs/agents.md. */
  agentRuns: { maxLlmCalls?: number; maxTotalTokens: number };
  /** Chat turns per user per minute; how much of a session's history a turn passes to the model (messages, characters). */
  chat: { ratePerMinute: number; historyMessages: number; historyChars: number };
  /** How often ended rate-limit windows, expired key-value entries and run records, and old call-log rows are deleted. */
  expirySweep: { intervalMs: number };
  /**
   * Executions (docs/executions.md): how long an execute request waits for the run; the lease a
   * running execution renews every `heartbeatMs` and that expires after `leaseTtlMs`; the runs it
   * may start before an expired lease fails it; how often expired leases are looked for; the LLM
   * calls of one execution; the executions a user may start per minute; the agents of a pipeline
   * stage at once; the default debate rounds.
   */
  executions: {
    waitMs: number;
    heartbeatMs: number;
    leaseTtlMs: number;
    maxAttempts: number;
    reclaimIntervalMs: number;
    maxLlmCalls: number;
    startsPerMinute: number;
    pipelineConcurrency: number;
    debateRounds: number;
  };
  /** Task runs (docs/goals-and-tasks.md): the lease a task is executed under, renewed every third of it. */
  tasks: { runLeaseSeconds: number };
  /** Outgoing e-mail (the `email` notification channel); without `smtpUrl` the channel is unavailable. */
  mail: { smtpUrl?: string; from?: string };
  debug: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}
