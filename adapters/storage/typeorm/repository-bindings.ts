import { Bind } from 'inversify';
import { API_KEY_REPOSITORY, ApiKeyRepository } from '../../../core/ports/api-key-repository.port';
import { AUDIT_LOG_REPOSITORY, AuditLogRepository } from '../../../core/ports/audit-log-repository.port';
import { CUSTOM_TOOL_REPOSITORY, CustomToolRepository } from '../../../core/ports/custom-tool-repository.port';
import { INSTALLED_PLUGIN_REPOSITORY, InstalledPluginRepository } from '../../../core/ports/installed-plugin-repository.port';
import { KNOWLEDGE_BASE_REPOSITORY, KnowledgeBaseRepository } from '../../../core/ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../../core/ports/knowledge-document-repository.port';
import { EXPIRED_STATE_SWEEPER, ExpiredStateSweeper } from '../../../core/ports/expired-state-sweeper.port';
import { KeyValueLimits } from '../../../core/domain/key-value/key-value-limits';
import { KEY_VALUE_STORE, KeyValueStore } from '../../../core/ports/key-value-store.port';
import { RATE_LIMITER, RateLimiter } from '../../../core/ports/rate-limiter.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../../core/ports/unit-of-work.port';
import { USER_REPOSITORY, UserRepository } from '../../../core/ports/user-repository.port';
import { VECTOR_RECORD_REPOSITORY, VectorRecordRepository } from '../../../core/ports/vector-record-repository.port';
import { DATA_SOURCE_REPOSITORY, DataSourceRepository } from '../../../core/ports/data-source-repository.port';
import { DOCUMENT_COLLECTION_REPOSITORY, DocumentCollectionRepository } from '../../../core/ports/document-collection-repository.port';
import { NOTIFICATION_REPOSITORY, NotificationRepository } from '../../../core/ports/notification-repository.port';
import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { ManagerProvider } from './manager-provider';
import { TypeOrmAgentRepository } from './repositories/typeorm-agent-repository';
import { TypeOrmDataSourceRepository } from './repositories/typeorm-data-source-repository';
import { TypeOrmDocumentCollectionRepository } from './repositories/typeorm-document-collection-repository';
import { TypeOrmNotificationRepository } from './repositories/typeorm-notification-repository';
import { TypeOrmApiKeyRepository } from './repositories/typeorm-api-key-repository';
import { TypeOrmRateLimiter } from './repositories/typeorm-rate-limiter';
import { TypeOrmAuditLogRepository } from './repositories/typeorm-audit-log-repository';
import { TypeOrmCustomToolRepository } from './repositories/typeorm-custom-tool-repository';
import { TypeOrmInstalledPluginRepository } from './repositories/typeorm-installed-plugin-repository';
import { TypeOrmKnowledgeBaseRepository } from './repositories/typeorm-knowledge-base-repository';
import { TypeOrmKnowledgeDocumentRepository } from './repositories/typeorm-knowledge-document-repository';
import { TypeOrmUserRepository } from './repositories/typeorm-user-repository';
import { TypeOrmVectorRecordRepository } from './repositories/typeorm-vector-record-repository';
import { TypeOrmUnitOfWork } from './typeorm-unit-of-work';
import { GOAL_REPOSITORY, GoalRepository } from '../../../core/ports/goal-repository.port';
import { TASK_REPOSITORY, TaskRepository } from '../../../core/ports/task-repository.port';
import { TypeOrmGoalRepository } from './repositories/typeorm-goal-repository';
import { TypeOrmTaskRepository } from './repositories/typeorm-task-repository';
import { SCHEDULE_REPOSITORY, ScheduleRepository } from '../../../core/ports/schedule-repository.port';
import { TypeOrmScheduleRepository } from './repositories/typeorm-schedule-repository';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../../core/ports/workflow-repository.port';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { TypeOrmWorkflowRepository } from './repositories/typeorm-workflow-repository';
import { TypeOrmExecutionRepository } from './repositories/typeorm-execution-repository';
import { TypeOrmKeyValueStore } from './repositories/typeorm-key-value-store';
import { MODEL_CONFIG_REPOSITORY, ModelConfigRepository } from '../../../core/ports/model-config-repository.port';
import { LLM_CALL_LOG, LlmCallLog } from '../../../core/ports/llm-call-log.port';
import { TypeOrmModelConfigRepository } from './repositories/typeorm-model-config-repository';
import { TypeOrmLlmCallLog } from './repositories/typeorm-llm-call-log';
import { TOOL_CALL_LOG, ToolCallLog } from '../../../core/ports/tool-call-log.port';
import { TypeOrmToolCallLog } from './repositories/typeorm-tool-call-log';
import { TypeOrmCallLogSweeper } from './repositories/typeorm-call-log-sweeper';
import { LlmCallOrmEntity } from './entities/llm-call.orm-entity';
import { ToolCallOrmEntity } from './entities/tool-call.orm-entity';
import { bindAgentDependants } from './agent-dependants/agent-dependants-bindings';
import { RUN_EVENT_STORE, RunEventStore } from '../../../core/ports/run-event-store.port';
import { RUN_REPOSITORY, RunRepository } from '../../../core/ports/run-repository.port';
import { TypeOrmRunEventStore } from './repositories/typeorm-run-event-store';
import { TypeOrmRunRepository } from './repositories/typeorm-run-repository';
import { CHAT_SESSION_REPOSITORY, ChatSessionRepository } from '../../../core/ports/chat-session-repository.port';
import { TypeOrmChatSessionRepository } from './repositories/typeorm-chat-session-repository';
import { CHAT_BRANCH_REPOSITORY, ChatBranchRepository } from '../../../core/ports/chat-branch-repository.port';
import { TypeOrmChatBranchRepository } from './repositories/typeorm-chat-branch-repository';

/**
 * Binds the unit of work and every TypeORM repository to its port. To add a repository,
 * take the `ManagerProvider` in its constructor (so it joins transactions) and add one line.
 * `kvLimits` is the quota of each `kv` namespace; the LLM and tool call logs keep rows `callLogRetentionMs`.
 */
export function bindTypeOrmRepositories(bind: Bind, managers: ManagerProvider, kvLimits: KeyValueLimits, callLogRetentionMs: number): void {
  bind<UnitOfWork>(UNIT_OF_WORK).toConstantValue(new TypeOrmUnitOfWork(managers));
  bind<UserRepository>(USER_REPOSITORY).toConstantValue(new TypeOrmUserRepository(managers));
  bind<VectorRecordRepository>(VECTOR_RECORD_REPOSITORY).toConstantValue(new TypeOrmVectorRecordRepository(managers));
  bind<AuditLogRepository>(AUDIT_LOG_REPOSITORY).toConstantValue(new TypeOrmAuditLogRepository(managers));
  bind<ApiKeyRepository>(API_KEY_REPOSITORY).toConstantValue(new TypeOrmApiKeyRepository(managers));
  const rateLimiter = new TypeOrmRateLimiter(managers);
  bind<RateLimiter>(RATE_LIMITER).toConstantValue(rateLimiter);
  bind<ExpiredStateSweeper>(EXPIRED_STATE_SWEEPER).toConstantValue(rateLimiter);
  bind<CustomToolRepository>(CUSTOM_TOOL_REPOSITORY).toConstantValue(new TypeOrmCustomToolRepository(managers));
  bind<KnowledgeBaseRepository>(KNOWLEDGE_BASE_REPOSITORY).toConstantValue(new TypeOrmKnowledgeBaseRepository(managers));
  bind<KnowledgeDocumentRepository>(KNOWLEDGE_DOCUMENT_REPOSITORY).toConstantValue(new TypeOrmKnowledgeDocumentRepository(managers));
  bind<InstalledPluginRepository>(INSTALLED_PLUGIN_REPOSITORY).toConstantValue(new TypeOrmInstalledPluginRepository(managers));
  bind<DataSourceRepository>(DATA_SOURCE_REPOSITORY).toConstantValue(new TypeOrmDataSourceRepository(managers));
  bind<DocumentCollectionRepository>(DOCUMENT_COLLECTION_REPOSITORY).toConstantValue(new TypeOrmDocumentCollectionRepository(managers));
  bind<NotificationRepository>(NOTIFICATION_REPOSITORY).toConstantValue(new TypeOrmNotificationRepository(managers));
  bind<AgentRepository>(AGENT_REPOSITORY).toConstantValue(new TypeOrmAgentRepository(managers));
  bindAgentDependants(bind, managers);
  bind<GoalRepository>(GOAL_REPOSITORY).toConstantValue(new TypeOrmGoalRepository(managers));
  bind<TaskRepository>(TASK_REPOSITORY).toConstantValue(new TypeOrmTaskRepository(managers));
  bind<ScheduleRepository>(SCHEDULE_REPOSITORY).toConstantValue(new TypeOrmScheduleRepository(managers));
  bind<WorkflowRepository>(WORKFLOW_REPOSITORY).toConstantValue(new TypeOrmWorkflowRepository(managers));
  bind<ExecutionRepository>(EXECUTION_REPOSITORY).toConstantValue(new TypeOrmExecutionRepository(managers));
  const keyValueStore = new TypeOrmKeyValueStore(managers, kvLimits);
  bind<KeyValueStore>(KEY_VALUE_STORE).toConstantValue(keyValueStore);
  bind<ExpiredStateSweeper>(EXPIRED_STATE_SWEEPER).toConstantValue(keyValueStore);
  bind<ModelConfigRepository>(MODEL_CONFIG_REPOSITORY).toConstantValue(new TypeOrmModelConfigRepository(managers));
  bind<LlmCallLog>(LLM_CALL_LOG).toConstantValue(new TypeOrmLlmCallLog(managers));
  bind<ToolCallLog>(TOOL_CALL_LOG).toConstantValue(new TypeOrmToolCallLog(managers));
  for (const callLog of [LlmCallOrmEntity, ToolCallOrmEntity]) {
    bind<ExpiredStateSweeper>(EXPIRED_STATE_SWEEPER).toConstantValue(new TypeOrmCallLogSweeper(managers, callLog, callLogRetentionMs));
  }
  const runs = new TypeOrmRunRepository(managers);
  bind<RunRepository>(RUN_REPOSITORY).toConstantValue(runs);
  bind<ExpiredStateSweeper>(EXPIRED_STATE_SWEEPER).toConstantValue(runs);
  const runEvents = new TypeOrmRunEventStore(managers);
  bind<RunEventStore>(RUN_EVENT_STORE).toConstantValue(runEvents);
  bind<ExpiredStateSweeper>(EXPIRED_STATE_SWEEPER).toConstantValue(runEvents);
  bind<ChatSessionRepository>(CHAT_SESSION_REPOSITORY).toConstantValue(new TypeOrmChatSessionRepository(managers));
  bind<ChatBranchRepository>(CHAT_BRANCH_REPOSITORY).toConstantValue(new TypeOrmChatBranchRepository(managers));
}
