import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { emailIssues, passwordIssues } from '../../core/services/auth/credentials-policy';
import { AppConfig } from './app-config';
import { ConfigError } from './config-error';
import { envSchema, RawEnv } from './config-schema';

const DEFAULT_LOCAL_LLM_BASE_URL = 'http://127.0.0.1:11434/v1';

/**
 * Builds the typed configuration from `env` (default: `process.env` over `.env`).
 * Throws `ConfigError` naming every bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = withDotenv(process.env)): AppConfig {
  const parsed = envSchema.safeParse(blankToUndefined(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const raw = parsed.data;
  const problems = crossChecks(raw);
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }
  return toAppConfig(raw);
}

function withDotenv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const file = resolve('.env');
  if (!existsSync(file)) {
    return env;
  }
  return { ...parseDotenv(readFileSync(file)), ...env };
}

function blankToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) {
    out[key] = value === '' ? undefined : value;
  }
  return out;
}

function crossChecks(raw: RawEnv): string[] {
  const problems: string[] = [];
  if (raw.STORAGE === 'mysql' && !raw.DATABASE_URL) problems.push('DATABASE_URL: required when STORAGE=mysql');
  if (raw.VECTOR_STORE === 'elasticsearch' && !raw.ELASTICSEARCH_URL) {
    problems.push('ELASTICSEARCH_URL: required when VECTOR_STORE=elasticsearch');
  }
  if (raw.LLM_PROVIDER === 'openai' && !raw.OPENAI_API_KEY) problems.push('OPENAI_API_KEY: required when LLM_PROVIDER=openai');
  if (raw.LLM_PROVIDER === 'anthropic' && !raw.ANTHROPIC_API_KEY) {
    problems.push('ANTHROPIC_API_KEY: required when LLM_PROVIDER=anthropic');
  }
  if (raw.EMBEDDING_PROVIDER === 'openai' && !raw.OPENAI_API_KEY) {
    problems.push('OPENAI_API_KEY: required when EMBEDDING_PROVIDER=openai');
  }
  if (raw.EXECUTION_LEASE_TTL_MS <= raw.EXECUTION_HEARTBEAT_MS) {
    problems.push('EXECUTION_LEASE_TTL_MS: must be longer than EXECUTION_HEARTBEAT_MS, or leases expire between heartbeats');
  }
  if (raw.SMTP_URL && !raw.SMTP_FROM) problems.push('SMTP_FROM: required when SMTP_URL is set');
  if (raw.NODE_ENV === 'production' && !raw.JWT_SECRET) problems.push('JWT_SECRET: required when NODE_ENV=production');
  const badAdmins = raw.ADMIN_EMAILS.filter((email) => emailIssues(email.toLowerCase()).length > 0);
  if (badAdmins.length > 0) problems.push(`ADMIN_EMAILS: not e-mail addresses: ${badAdmins.join(', ')}`);
  if (raw.ADMIN_INITIAL_PASSWORD !== undefined && passwordIssues(raw.ADMIN_INITIAL_PASSWORD).length > 0) {
    problems.push('ADMIN_INITIAL_PASSWORD: must be 8 to 128 characters with letters and digits');
  }
  return problems;
}

function toAppConfig(raw: RawEnv): AppConfig {
  return {
    env: raw.NODE_ENV,
    version: readVersion(),
    host: raw.HOST,
    trustProxy: raw.TRUST_PROXY,
    ports: { platform: raw.PLATFORM_PORT, envelope: raw.ENVELOPE_PORT, prompt: raw.PROMPT_PORT },
    dataDir: resolve(raw.DATA_DIR),
    bodyLimitBytes: raw.BODY_LIMIT_BYTES,
    storage: { kind: raw.STORAGE, databaseUrl: raw.DATABASE_URL, sqlEcho: raw.SQL_ECHO },
    vectors: { kind: raw.VECTOR_STORE, elasticsearchUrl: raw.ELASTICSEARCH_URL, indexPrefix: raw.ELASTICSEARCH_INDEX_PREFIX },
    queue: {
      kind: raw.QUEUE,
      amqpUrl: raw.AMQP_URL,
      prefix: raw.QUEUE_PREFIX,
      maxAttempts: raw.QUEUE_MAX_ATTEMPTS,
      retryBaseMs: raw.QUEUE_RETRY_BASE_MS,
      prefetch: raw.QUEUE_PREFETCH,
    },
    llm: {
      provider: raw.LLM_PROVIDER,
      model: raw.LLM_MODEL,
      openai: { apiKey: raw.OPENAI_API_KEY, baseUrl: raw.OPENAI_BASE_URL },
      anthropic: { apiKey: raw.ANTHROPIC_API_KEY, baseUrl: raw.ANTHROPIC_BASE_URL },
      localBaseUrl: raw.LOCAL_LLM_BASE_URL ?? DEFAULT_LOCAL_LLM_BASE_URL,
      localConfigured: raw.LOCAL_LLM_BASE_URL !== undefined || raw.LLM_PROVIDER === 'local',
      timeoutMs: raw.LLM_TIMEOUT_MS,
      maxRetries: raw.LLM_MAX_RETRIES,
      retryBaseMs: raw.LLM_RETRY_BASE_MS,
    },
    embeddings: { provider: raw.EMBEDDING_PROVIDER, model: raw.EMBEDDING_MODEL, dimensions: raw.EMBEDDING_DIMENSIONS },
    auth: {
      jwtSecret: raw.JWT_SECRET,
      adminEmails: raw.ADMIN_EMAILS.map((e) => e.toLowerCase()),
      adminInitialPassword: raw.ADMIN_INITIAL_PASSWORD,
      webhookToken: raw.WEBHOOK_AUTH_TOKEN,
      accessTokenMinutes: raw.ACCESS_TOKEN_MINUTES,
      limits: {
        loginFailuresPerAddress: raw.LOGIN_FAILURES_PER_ADDRESS,
        loginFailuresPerEmail: raw.LOGIN_FAILURES_PER_EMAIL,
        registrationsPerAddressPerHour: raw.REGISTER_PER_ADDRESS_PER_HOUR,
      },
    },
    sandbox: {
      workers: raw.SANDBOX_WORKERS,
      maxTimeoutMs: raw.SANDBOX_MAX_TIMEOUT_MS,
      maxMemoryMb: raw.SANDBOX_MAX_MEMORY_MB,
      egressAllowHosts: raw.EGRESS_ALLOW_HOSTS,
      pluginPublicKeys: raw.PLUGIN_PUBLIC_KEYS,
      user: raw.SANDBOX_USER,
    },
    tools: {
      testRatePerMinute: raw.TOOLS_TEST_RATE_PER_MINUTE,
      useRatePerMinute: raw.TOOLS_USE_RATE_PER_MINUTE,
      maxConcurrentPerUser: raw.TOOLS_MAX_CONCURRENT_PER_USER,
    },
    modelConfigs: { testRatePerMinute: raw.MODEL_CONFIG_TEST_RATE_PER_MINUTE },
    dailyQuotas: { emails: raw.EMAIL_DAILY_QUOTA, schedules: raw.SCHEDULES_DAILY_QUOTA, workspaceWriteBytes: raw.WORKSPACE_DAILY_WRITE_BYTES },
    kv: { maxKeys: raw.KV_MAX_KEYS, maxBytes: raw.KV_MAX_BYTES, maxValueBytes: raw.KV_MAX_VALUE_BYTES },
    workspace: { maxBytes: raw.WORKSPACE_MAX_BYTES, maxFiles: raw.WORKSPACE_MAX_FILES },
    scheduler: { enabled: raw.SCHEDULER_ENABLED, tickMs: raw.SCHEDULER_TICK_MS },
    webhooks: { maxBodyBytes: raw.WEBHOOK_MAX_BODY_BYTES, idempotencyTtlMs: raw.WEBHOOK_IDEMPOTENCY_HOURS * 3_600_000 },
    runs: { retentionMs: raw.RUN_LOG_RETENTION_HOURS * 3_600_000, sseHeartbeatMs: raw.SSE_HEARTBEAT_MS },
    callLogs: { retentionMs: raw.CALL_LOG_RETENTION_HOURS * 3_600_000 },
    agentRuns: { maxLlmCalls: raw.AGENT_MAX_LLM_CALLS, maxTotalTokens: raw.AGENT_MAX_TOTAL_TOKENS },
    chat: { ratePerMinute: raw.CHAT_RATE_PER_MINUTE, historyMessages: raw.CHAT_HISTORY_MESSAGES, historyChars: raw.CHAT_HISTORY_CHARS },
    expirySweep: { intervalMs: raw.EXPIRY_SWEEP_INTERVAL_MS },
    executions: {
      waitMs: Math.round(raw.EXECUTE_WAIT_SECONDS * 1000),
      heartbeatMs: raw.EXECUTION_HEARTBEAT_MS,
      leaseTtlMs: raw.EXECUTION_LEASE_TTL_MS,
      maxAttempts: raw.EXECUTION_MAX_ATTEMPTS,
      reclaimIntervalMs: raw.EXECUTION_RECLAIM_INTERVAL_MS,
      maxLlmCalls: raw.EXECUTION_MAX_LLM_CALLS,
      startsPerMinute: raw.EXECUTIONS_PER_MINUTE,
      pipelineConcurrency: raw.PIPELINE_CONCURRENCY,
      debateRounds: raw.DEBATE_ROUNDS,
    },
    tasks: { runLeaseSeconds: raw.TASK_RUN_LEASE_SECONDS },
    mail: { smtpUrl: raw.SMTP_URL, from: raw.SMTP_FROM },
    debug: raw.DEBUG,
    logLevel: raw.LOG_LEVEL,
  };
}

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')) as { version: string };
  return pkg.version;
}
