import { AuditLogOrmEntity } from './audit-log.orm-entity';
import { NodeTemplateOrmEntity } from './node-template.orm-entity';
import { UserOrmEntity } from './user.orm-entity';
import { VectorRecordOrmEntity } from './vector-record.orm-entity';
import { ApiKeyOrmEntity } from './api-key.orm-entity';
import { RateLimitWindowOrmEntity } from './rate-limit-window.orm-entity';
import { CustomToolOrmEntity } from './custom-tool.orm-entity';
import { KnowledgeBaseOrmEntity } from './knowledge-base.orm-entity';
import { KnowledgeChunkOrmEntity } from './knowledge-chunk.orm-entity';
import { EnvelopeAgentKnowledgeOrmEntity } from './envelope-agent-knowledge.orm-entity';
import { EnvelopeDocumentOrmEntity } from './envelope-document.orm-entity';
import { KnowledgeDocumentSourceOrmEntity } from './knowledge-document-source.orm-entity';
import { KnowledgeDocumentOrmEntity } from './knowledge-document.orm-entity';
import { InstalledPluginOrmEntity } from './installed-plugin.orm-entity';
import { InstalledPluginChunkOrmEntity } from './installed-plugin-chunk.orm-entity';
import { PluginReleaseOrmEntity } from './plugin-release.orm-entity';
import { DataSourceOrmEntity } from './data-source.orm-entity';
import { DataSourceDocumentOrmEntity } from './data-source-document.orm-entity';
import { NotificationOrmEntity } from './notification.orm-entity';
import { AgentOrmEntity } from './agent.orm-entity';
import { AgentVersionOrmEntity } from './agent-version.orm-entity';
import { AgentCountOrmEntity } from './agent-count.orm-entity';
import { GoalOrmEntity } from './goal.orm-entity';
import { TaskOrmEntity } from './task.orm-entity';
import { TaskDependencyOrmEntity } from './task-dependency.orm-entity';
import { ScheduleOrmEntity } from './schedule.orm-entity';
import { WorkflowOrmEntity } from './workflow.orm-entity';
import { WorkflowVersionOrmEntity } from './workflow-version.orm-entity';
import { ExecutionNodeResultOrmEntity } from './execution-node-result.orm-entity';
import { ExecutionOrmEntity } from './execution.orm-entity';
import { KeyValueEntryOrmEntity } from './key-value-entry.orm-entity';
import { KeyValueUsageOrmEntity } from './key-value-usage.orm-entity';
import { ModelConfigOrmEntity } from './model-config.orm-entity';
import { LlmCallOrmEntity } from './llm-call.orm-entity';
import { RunOrmEntity } from './run.orm-entity';
import { RunEventOrmEntity } from './run-event.orm-entity';
import { ChatSessionOrmEntity } from './chat-session.orm-entity';
import { ChatMessageOrmEntity } from './chat-message.orm-entity';
import { ToolCallOrmEntity } from './tool-call.orm-entity';
import { ChatBranchOrmEntity } from './chat-branch.orm-entity';
import { WebhookDeliveryOrmEntity } from './webhook-delivery.orm-entity';
import { WorkflowApprovalOrmEntity } from './workflow-approval.orm-entity';

import { EnvelopeUserOrmEntity } from './envelope-user.orm-entity';
import { EnvelopeRefreshFamilyOrmEntity } from './envelope-refresh-family.orm-entity';
import { EnvelopeRefreshTokenOrmEntity } from './envelope-refresh-token.orm-entity';
import { EnvelopeAgentOrmEntity } from './envelope-agent.orm-entity';
import { EnvelopeConversationOrmEntity } from './envelope-conversation.orm-entity';
import { EnvelopeMessageOrmEntity } from './envelope-message.orm-entity';
/** Every TypeORM entity, listed explicitly (no globs): append yours here. */
export const ENTITIES = [
  UserOrmEntity,
  VectorRecordOrmEntity,
  AuditLogOrmEntity,
  ApiKeyOrmEntity,
  RateLimitWindowOrmEntity,
  CustomToolOrmEntity,
  KnowledgeBaseOrmEntity,
  KnowledgeDocumentOrmEntity,
  KnowledgeChunkOrmEntity,
  KnowledgeDocumentSourceOrmEntity,
  EnvelopeAgentKnowledgeOrmEntity,
  EnvelopeDocumentOrmEntity,
  InstalledPluginOrmEntity,
  InstalledPluginChunkOrmEntity,
  PluginReleaseOrmEntity,
  DataSourceOrmEntity,
  DataSourceDocumentOrmEntity,
  NotificationOrmEntity,
  AgentOrmEntity,
  AgentVersionOrmEntity,
  AgentCountOrmEntity,
  GoalOrmEntity,
  TaskOrmEntity,
  TaskDependencyOrmEntity,
  ScheduleOrmEntity,
  WorkflowOrmEntity,
  WorkflowVersionOrmEntity,
  ExecutionOrmEntity,
  ExecutionNodeResultOrmEntity,
  KeyValueEntryOrmEntity,
  KeyValueUsageOrmEntity,
  ModelConfigOrmEntity,
  LlmCallOrmEntity,
  RunOrmEntity,
  RunEventOrmEntity,
  ChatSessionOrmEntity,
  ChatMessageOrmEntity,
  ToolCallOrmEntity,
  ChatBranchOrmEntity,
  NodeTemplateOrmEntity,
  WebhookDeliveryOrmEntity,
  WorkflowApprovalOrmEntity,
  EnvelopeUserOrmEntity,
  EnvelopeRefreshFamilyOrmEntity,
  EnvelopeRefreshTokenOrmEntity,
  EnvelopeAgentOrmEntity,
  EnvelopeConversationOrmEntity,
  EnvelopeMessageOrmEntity,
];
