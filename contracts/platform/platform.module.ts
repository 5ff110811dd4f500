import { ContainerModule } from 'inversify';
import { AgentExecutionController } from './controllers/agent-execution.controller';
import { AgentSchedulesController } from './controllers/agent-schedules.controller';
import { ApprovalController } from './controllers/approval.controller';
import { AgentsController } from './controllers/agents.controller';
import { AgentChatHistoryController } from './controllers/agent-chat-history.controller';
import { AgentChatController } from './controllers/agent-chat.controller';
import { AgentChatBranchesController } from './controllers/agent-chat-branches.controller';
import { AgentChatOrchestrationController } from './controllers/agent-chat-orchestration.controller';
import { AuthController } from './controllers/auth.controller';
import { BatchController } from './controllers/batch.controller';
import { ExecutionLogsController } from './controllers/execution-logs.controller';
import { ExecutionSocketController } from './controllers/execution-socket.controller';
import { ExecutionsController } from './controllers/executions.controller';
import { HealthController } from './controllers/health.controller';
import { ModelConfigsController } from './controllers/model-configs.controller';
import { NodeTemplatesController } from './controllers/node-templates.controller';
import { NodesController } from './controllers/nodes.controller';
import { NotificationsController } from './controllers/notifications.controller';
import { GoalsController } from './controllers/goals.controller';
import { TasksController } from './controllers/tasks.controller';
import { PluginsController } from './controllers/plugins.controller';
import { SwarmController } from './controllers/swarm.controller';
import { ToolsController } from './controllers/tools.controller';
import { WorkflowExecutionController } from './controllers/workflow-execution.controller';
import { WorkflowsController } from './controllers/workflows.controller';
import { KnowledgeBasesController } from './controllers/knowledge-bases.controller';
import { KnowledgeDocumentsController } from './controllers/knowledge-documents.controller';
import { KnowledgeSearchController } from './controllers/knowledge-search.controller';
import { WorkflowTemplatesController } from './controllers/workflow-templates.controller';
import { WorkflowVersionsController } from './controllers/workflow-versions.controller';
import { UploadsController } from './controllers/uploads.controller';
import { WebhooksController } from './controllers/webhooks.controller';

/** The platform's controllers, transient as tsoa expects; the use cases they call need no binding (autobind). */
export const platformModule = new ContainerModule(({ bind }) => {
  const controllers = [
    HealthController,
    AuthController,
    AgentsController,
    ToolsController,
    PluginsController,
    ModelConfigsController,
    AgentExecutionController,
    ExecutionsController,
    ExecutionSocketController,
    ExecutionLogsController,
    AgentChatController,
    AgentChatHistoryController,
    AgentChatBranchesController,
    AgentChatOrchestrationController,
    SwarmController,
    WorkflowsController,
    KnowledgeBasesController,
    KnowledgeDocumentsController,
    KnowledgeSearchController,
    WorkflowVersionsController,
    WorkflowTemplatesController,
    WorkflowExecutionController,
    UploadsController,
    NodeTemplatesController,
    NodesController,
    AgentSchedulesController,
    WebhooksController,
    ApprovalController,
    BatchController,
    NotificationsController,
    GoalsController,
    TasksController,
  ];
  for (const controller of controllers) {
    bind(controller).toSelf().inTransientScope();
  }
});
