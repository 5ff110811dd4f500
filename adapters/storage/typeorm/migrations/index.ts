import { CreateUsers1795254449940 } from './1795254449940-create-users.migration';
import { CreateVectorRecords1795254449941 } from './1795254449941-create-vector-records.migration';
import { CreateAuditLogs1795254449950 } from './1795254449950-create-audit-logs.migration';
import { CreatePromptApiKeys1795254449960 } from './1795254449960-create-prompt-api-keys.migration';
import { CreateRateLimitWindows1795254449961 } from './1795254449961-create-rate-limit-windows.migration';
import { CreateCustomTools1795254449975 } from './1795254449975-create-custom-tools.migration';
import { CreateKnowledgeTables1795254449985 } from './1795254449985-create-knowledge-tables.migration';
import { CreateInstalledPlugins1795254449990 } from './1795254449990-create-installed-plugins.migration';
import { CreateDataSources1795254450310 } from './1795254450310-create-data-sources.migration';
import { CreateDataSourceDocuments1795254450311 } from './1795254450311-create-data-source-documents.migration';
import { CreateNotifications1795254450312 } from './1795254450312-create-notifications.migration';
import { CreateAgents1795254450400 } from './1795254450400-create-agents.migration';
import { CreateGoalsAndTasks1795254450420 } from './1795254450420-create-goals-and-tasks.migration';
import { CreateSchedules1795254450430 } from './1795254450430-create-schedules.migration';
import { CreateWorkflows1795254450410 } from './1795254450410-create-workflows.migration';
import { CreateExecutions1795254450411 } from './1795254450411-create-executions.migration';
import { AddRateLimitWindowExpiry1795254450500 } from './1795254450500-add-rate-limit-window-expiry.migration';
import { CreateKeyValueTables1795254450600 } from './1795254450600-create-key-value-tables.migration';
import { AddAgentListing1795254451000 } from './1795254451000-add-agent-listing.migration';
import { CreateAgentVersions1795254451001 } from './1795254451001-create-agent-versions.migration';
import { IndexAgentReferences1795254451002 } from './1795254451002-index-agent-references.migration';
import { CreateModelConfigsAndLlmCalls1795254451100 } from './1795254451100-create-model-configs-and-llm-calls.migration';
import { CreateRunsAndRunEvents1795254451200 } from './1795254451200-create-runs-and-run-events.migration';
import { CreateChatSessions1795254451210 } from './1795254451210-create-chat-sessions.migration';
import { AddExecutionParentAndDuration1795254451500 } from './1795254451500-add-execution-parent-and-duration.migration';
import { AddExecutionLeases1795254451300 } from './1795254451300-add-execution-leases.migration';
import { CreateChatBranches1795254451400 } from './1795254451400-create-chat-branches.migration';
import { AddAgentRunSettings1795254451600 } from './1795254451600-add-agent-run-settings.migration';
import { CreateToolCalls1795254451700 } from './1795254451700-create-tool-calls.migration';
import { AddExecutionRunState1795254452000 } from './1795254452000-add-execution-run-state.migration';
import { CreateWorkflowApprovals1795254452001 } from './1795254452001-create-workflow-approvals.migration';
import { CreateWorkflowVersions1795254452200 } from './1795254452200-create-workflow-versions.migration';
import { AddExecutionTargetVersion1795254452201 } from './1795254452201-add-execution-target-version.migration';
import { CreateWebhookDeliveries1795254452300 } from './1795254452300-create-webhook-deliveries.migration';
import { CreateNodeTemplates1795254452400 } from './1795254452400-create-node-templates.migration';
import { IndexAgentOwnerStatus1795254452500 } from './1795254452500-index-agent-owner-status.migration';
import { CreateVectorChanges1795254460000 } from './1795254460000-create-vector-changes.migration';
import { CreateExecutionNodeResults1795254462000 } from './1795254462000-create-execution-node-results.migration';
import { AddKnowledgeIngestion1795254463000 } from './1795254463000-add-knowledge-ingestion.migration';
import { AddKnowledgeChunkSearchTerms1795254463100 } from './1795254463100-add-knowledge-chunk-search-terms.migration';
import { CreateEnvelopeTables1795254464000 } from './1795254464000-create-envelope-tables.migration';
import { AddTaskLeases1795254466000 } from './1795254466000-add-task-leases.migration';
import { CreateEnvelopeKnowledge1795254467000 } from './1795254467000-create-envelope-knowledge.migration';
import { AddVectorChangesPrunedThrough1795254468000 } from './1795254468000-add-vector-changes-pruned-through.migration';
import { AddTasksClaimedByAgent1795254469000 } from './1795254469000-add-tasks-claimed-by-agent.migration';

/**
 * Every migration, listed explicitly (no globs): append yours here. Write them with the
 * QueryRunner Table API and `portable` column shapes so one set runs on SQLite and MySQL.
 */
export const MIGRATIONS = [
  CreateUsers1795254449940,
  CreateVectorRecords1795254449941,
  CreateAuditLogs1795254449950,
  CreatePromptApiKeys1795254449960,
  CreateRateLimitWindows1795254449961,
  CreateCustomTools1795254449975,
  CreateKnowledgeTables1795254449985,
  CreateInstalledPlugins1795254449990,
  CreateDataSources1795254450310,
  CreateDataSourceDocuments1795254450311,
  CreateNotifications1795254450312,
  CreateAgents1795254450400,
  CreateWorkflows1795254450410,
  CreateExecutions1795254450411,
  CreateGoalsAndTasks1795254450420,
  CreateSchedules1795254450430,
  AddRateLimitWindowExpiry1795254450500,
  CreateKeyValueTables1795254450600,
  AddAgentListing1795254451000,
  CreateAgentVersions1795254451001,
  IndexAgentReferences1795254451002,
  CreateModelConfigsAndLlmCalls1795254451100,
  CreateRunsAndRunEvents1795254451200,
  CreateChatSessions1795254451210,
  AddExecutionLeases1795254451300,
  CreateChatBranches1795254451400,
  AddExecutionParentAndDuration1795254451500,
  AddAgentRunSettings1795254451600,
  CreateToolCalls1795254451700,
  AddExecutionRunState1795254452000,
  CreateWorkflowApprovals1795254452001,
  CreateWorkflowVersions1795254452200,
  AddExecutionTargetVersion1795254452201,
  CreateWebhookDeliveries1795254452300,
  CreateNodeTemplates1795254452400,
  IndexAgentOwnerStatus1795254452500,
  CreateVectorChanges1795254460000,
  CreateExecutionNodeResults1795254462000,
  AddKnowledgeIngestion1795254463000,
  AddKnowledgeChunkSearchTerms1795254463100,
  CreateEnvelopeTables1795254464000,
  AddTaskLeases1795254466000,
  CreateEnvelopeKnowledge1795254467000,
  AddVectorChangesPrunedThrough1795254468000,
  AddTasksClaimedByAgent1795254469000,
];
