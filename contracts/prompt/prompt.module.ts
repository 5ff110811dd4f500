import { ContainerModule } from 'inversify';
import { PromptHealthController } from './controllers/health.controller';
import { PromptKeysController } from './controllers/keys.controller';
import { PromptOptimizeController } from './controllers/optimize.controller';

/** The prompt contract's controllers, transient as tsoa expects; the use cases they call need no binding (autobind). */
export const promptModule = new ContainerModule(({ bind }) => {
  for (const controller of [PromptHealthController, PromptKeysController, PromptOptimizeController]) {
    bind(controller).toSelf().inTransientScope();
  }
});
