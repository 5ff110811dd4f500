import { z } from 'zod';
import { parseTrustProxy, TrustProxy } from './trust-proxy';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number().int().min(0).max(65535);
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const url = z.string().url();
const trustProxy = z.string().transform((value, context): TrustProxy => {
  const parsed = parseTrustProxy(value);
  if (parsed !== undefined) return parsed;
  context.addIssue({ code: z.ZodIssueCode.custom, message: 'must be false, true, a hop count, or a comma-separated list of addresses and CIDR blocks' });
  return z.NEVER;
});

/** Environment variables, as documented in README.md's configuration table. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PLATFORM_PORT: port.default(8000),
  ENVELOPE_PORT: port.default(8001),
  PROMPT_PORT: port.default(8002),
  DATA_DIR: z.string().min(1).default('./data'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  STORAGE: z.enum(['sqlite', 'mysql']).default('sqlite'),
  DATABASE_URL: z
    .string()
    .regex(/^mysql:\/\//, 'must be a mysql:// URL')
    .optional(),
  SQL_ECHO: bool.default('false'),
  VECTOR_STORE: z.enum(['embedded', 'elasticsearch']).default('embedded'),
  ELASTICSEARCH_URL: url.optional(),
  ELASTICSEARCH_INDEX_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/)
    .default('agent-platform'),
  QUEUE: z.enum(['inprocess', 'rabbitmq']).default('inprocess'),
  AMQP_URL: z
    .string()
    .regex(/^amqps?:\/\//, 'must be an amqp:// URL')
    .default('amqp://guest:guest@127.0.0.1:5672'),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9_.-]+$/)
    .default('agent-platform'),
  QUEUE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  QUEUE_RETRY_BASE_MS: z.coerce.number().int().min(0).default(1000),
  QUEUE_PREFETCH: z.coerce.number().int().min(1).max(1000).default(10),
  LLM_PROVIDER: z.enum(['offline', 'openai', 'anthropic', 'local']).default('offline'),
  LLM_MODEL: z.string().min(1).optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: url.optional(),
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  ANTHROPIC_BASE_URL: url.optional(),
  LOCAL_LLM_BASE_URL: url.optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  LLM_RETRY_BASE_MS: z.coerce.number().int().min(0).default(500),
  EMBEDDING_PROVIDER: z.enum(['hashing', 'openai', 'local']).default('hashing'),
  EMBEDDING_MODEL: z.string().min(1).optional(),
  EMBEDDING_DIMENSIONS: z.coerce.number().int().min(8).max(4096).default(384),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAILS: list.default(''),
  ADMIN_INITIAL_PASSWORD: z.string().optional(),
  REGISTER_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(100),
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(100),
  LOGIN_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).max(1_000_000).default(10),
  TRUST_PROXY: trustProxy.default('false'),
  WEBHOOK_AUTH_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  WEBHOOK_MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(104_857_600).default(262_144),
  WEBHOOK_IDEMPOTENCY_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  SANDBOX_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  SANDBOX_MAX_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  SANDBOX_MAX_MEMORY_MB: z.coerce.number().int().min(8).max(1024).default(128),
  SANDBOX_USER: z
    .string()
    .regex(/^(\d+(:\d+)?|[A-Za-z_][A-Za-z0-9_.-]{0,31})$/, 'must be a user name, a uid or uid:gid')
    .default('nobody'),
  EGRESS_ALLOW_HOSTS: list.default(''),
  PLUGIN_PUBLIC_KEYS: list.default(''),
  TOOLS_TEST_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  TOOLS_USE_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  MODEL_CONFIG_TEST_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  TOOLS_MAX_CONCURRENT_PER_USER: z.coerce.number().int().min(1).max(1024).default(4),
  EMAIL_DAILY_QUOTA: z.coerce.number().int().min(0).max(1_000_000).default(50),
  SCHEDULES_DAILY_QUOTA: z.coerce.number().int().min(0).max(1_000_000).default(50),
  WORKSPACE_DAILY_WRITE_BYTES: z.coerce.number().int().min(0).max(1_099_511_627_776).default(104_857_600),
  KV_MAX_KEYS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  KV_MAX_BYTES: z.coerce.number().int().min(1024).max(1_073_741_824).default(1_048_576),
  // A value is kept in a MySQL TEXT column, which holds 65535 bytes.
  KV_MAX_VALUE_BYTES: z.coerce.number().int().min(16).max(65_535).default(65_535),
  WORKSPACE_MAX_BYTES: z.coerce.number().int().min(0).max(1_099_511_627_776).default(104_857_600),
  WORKSPACE_MAX_FILES: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  SCHEDULER_ENABLED: bool.default('true'),
  SCHEDULER_TICK_MS: z.coerce.number().int().min(1000).max(3_600_000).default(15_000),
  RUN_LOG_RETENTION_HOURS: z.coerce.number().int().min(1).max(87_600).default(168),
  CALL_LOG_RETENTION_HOURS: z.coerce.number().int().min(1).max(87_600).default(720),
  SSE_HEARTBEAT_MS: z.coerce.number().int().min(10).max(300_000).default(15_000),
  CHAT_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  CHAT_HISTORY_MESSAGES: z.coerce.number().int().min(0).max(1000).default(20),
  CHAT_HISTORY_CHARS: z.coerce.number().int().min(0).max(10_000_000).default(32_000),
  EXPIRY_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  EXECUTE_WAIT_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  EXECUTION_HEARTBEAT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  EXECUTION_LEASE_TTL_MS: z.coerce.number().int().min(200).max(3_600_000).default(30_000),
  TASK_RUN_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  EXECUTION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(3),
  EXECUTION_RECLAIM_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  AGENT_MAX_LLM_CALLS: z.coerce.number().int().min(1).max(500).optional(),
  AGENT_MAX_TOTAL_TOKENS: z.coerce.number().int().min(1_000).max(2_000_000).default(200_000),
  EXECUTION_MAX_LLM_CALLS: z.coerce.number().int().min(1).max(100_000).default(150),
  EXECUTIONS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  PIPELINE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(3),
  DEBATE_ROUNDS: z.coerce.number().int().min(1).max(5).default(2),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().min(3).max(320).optional(),
  DEBUG: bool.default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type RawEnv = z.infer<typeof envSchema>;
