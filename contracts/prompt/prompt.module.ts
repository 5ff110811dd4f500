import { ContainerModule } from 'inversify';
import { PromptHealthController } from './controllers/health.controller';

export const promptModule = new ContainerModule(({ bind }) => {
  bind(PromptHealthController).toSelf();
});
