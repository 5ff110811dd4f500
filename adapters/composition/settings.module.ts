import { ContainerModule } from 'inversify';
import { AGENT_SETTINGS, AgentSettings, DEFAULT_AGENT_RUN_LIMITS } from '../../core/services/agents/agent-settings';
import { ADMIN_ACCOUNTS } from '../../core/services/auth/admin-accounts';
import { AUTH_LIMITS } from '../../core/services/auth/auth-limits';
import { AUTH_SETTINGS } from '../../core/services/auth/auth-settings';
import { SERVICE_VERSION } from '../../core/services/health/service-version';
import { DEFAULT_EXECUTION_SETTINGS, EXECUTION_SETTINGS, ExecutionSettings } from '../../core/services/executions/execution-settings';
import { TASK_RUN_SETTINGS } from '../../core/services/tasks/task-run-settings';
import { DEFAULT_KNOWLEDGE_SETTINGS, KNOWLEDGE_SETTINGS } from '../../core/services/knowledge/knowledge-settings';
import { CHAT_SETTINGS } from '../../core/services/chat/chat-settings';
import { RUN_SETTINGS } from '../../core/services/runs/run-settings';
import { MODEL_CONFIG_SETTINGS } from '../../core/services/model-configs/model-config-settings';
import { DAILY_QUOTA_LIMITS } from '../../core/services/quotas/daily-quota-limits';
import { TOOLS_SETTINGS } from '../../core/services/tools/tools-settings';
import { DEFAULT_WORKFLOW_SETTINGS, WORKFLOW_SETTINGS } from '../../core/services/workflows/workflow-settings';
import { WEBHOOK_SETTINGS } from '../../core/services/webhooks/webhook-settings';
import { AppConfig } from '../config/app-config';
import { DEFAULT_LLM_MODELS } from '../llm/llm-provider-factory';

/** The settings the configuration implies: new agents default to `LLM_PROVIDER` and `LLM_MODEL`; runs to `AGENT_MAX_*`. */
export function agentSettingsFrom(config: AppConfig): AgentSettings {
  return {
    defaultProvider: config.llm.provider,
    defaultModel: config.llm.model ?? DEFAULT_LLM_MODELS[config.llm.provider],
    ...DEFAULT_AGENT_RUN_LIMITS,
    ...(config.agentRuns.maxLlmCalls !== undefined ? { maxLlmCalls: config.agentRuns.maxLlmCalls } : {}),
    maxTotalTokens: config.agentRuns.maxTotalTokens,
  };
}

/** The execution settings `EXECUTE_WAIT_SECONDS`, `EXECUTION_*`, `EXECUTIONS_PER_MINUTE`, `PIPELINE_CONCURRENCY` and `DEBATE_ROUNDS` imply. */
export function executionSettingsFrom(config: AppConfig): ExecutionSettings {
  const { waitMs, heartbeatMs, leaseTtlMs, maxAttempts, maxLlmCalls, startsPerMinute, pipelineConcurrency, debateRounds } = config.executions;
  return {
    waitMs,
    heartbeatMs,
    leaseTtlMs,
    maxAttempts,
    maxLlmCalls,
    startsPerMinute,
    pipelineConcurrency,
    debate: { ...DEFAULT_EXECUTION_SETTINGS.debate, defaultRounds: debateRounds },
  };
}

/**
 * Every settings object a use case reads, derived from the configuration in this one place.
 * Workflow and knowledge settings have no environment variables yet: they take their defaults.
 */
export function settingsModule(config: AppConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(SERVICE_VERSION).toConstantValue(config.version);
    bind(AUTH_SETTINGS).toConstantValue({ accessTokenTtlSeconds: config.auth.accessTokenMinutes * 60 });
    bind(AUTH_LIMITS).toConstantValue(config.auth.limits);
    bind(ADMIN_ACCOUNTS).toConstantValue({ emails: config.auth.adminEmails, initialPassword: config.auth.adminInitialPassword });
    bind(AGENT_SETTINGS).toConstantValue(agentSettingsFrom(config));
    bind(TOOLS_SETTINGS).toConstantValue({ testRatePerMinute: config.tools.testRatePerMinute, useRatePerMinute: config.tools.useRatePerMinute });
    bind(DAILY_QUOTA_LIMITS).toConstantValue(config.dailyQuotas);
    bind(MODEL_CONFIG_SETTINGS).toConstantValue({ ...config.modelConfigs });
    bind(RUN_SETTINGS).toConstantValue({ retentionMs: config.runs.retentionMs });
    bind(CHAT_SETTINGS).toConstantValue(config.chat);
    bind(WORKFLOW_SETTINGS).toConstantValue(DEFAULT_WORKFLOW_SETTINGS);
    bind(EXECUTION_SETTINGS).toConstantValue(executionSettingsFrom(config));
    bind(KNOWLEDGE_SETTINGS).toConstantValue({
      ...DEFAULT_KNOWLEDGE_SETTINGS,
      ingestAttempts: Math.min(DEFAULT_KNOWLEDGE_SETTINGS.ingestAttempts, config.queue.maxAttempts),
    });
    bind(TASK_RUN_SETTINGS).toConstantValue({ leaseSeconds: config.tasks.runLeaseSeconds });
    bind(WEBHOOK_SETTINGS).toConstantValue({ token: config.auth.webhookToken, ...config.webhooks });
  });
}
