import { ContainerModule } from 'inversify';
import { AgentChatHistoryController } from './controllers/agent-chat-history.controller';
import { AgentChatController } from './controllers/agent-chat.controller';
import { AuthController } from './controllers/auth.controller';
import { HealthController } from './controllers/health.controller';
import { PluginsController } from './controllers/plugins.controller';
import { ToolsController } from './controllers/tools.controller';

/** The platform's controllers, transient as tsoa expects; the use cases they call need no binding (autobind). */
export const platformModule = new ContainerModule(({ bind }) => {
  for (const controller of [HealthController, AuthController, ToolsController, PluginsController, AgentChatController, AgentChatHistoryController]) {
    bind(controller).toSelf().inTransientScope();
  }
});
