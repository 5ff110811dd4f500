import { ContainerModule } from 'inversify';
import { AgentsController } from './controllers/agents.controller';
import { AuthController } from './controllers/auth.controller';
import { HealthController } from './controllers/health.controller';
import { ModelConfigsController } from './controllers/model-configs.controller';
import { PluginsController } from './controllers/plugins.controller';
import { ToolsController } from './controllers/tools.controller';

/** The platform's controllers, transient as tsoa expects; the use cases they call need no binding (autobind). */
export const platformModule = new ContainerModule(({ bind }) => {
  for (const controller of [HealthController, AuthController, AgentsController, ToolsController, PluginsController, ModelConfigsController]) {
    bind(controller).toSelf().inTransientScope();
  }
});
