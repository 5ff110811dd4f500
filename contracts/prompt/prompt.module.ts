import { ContainerModule } from 'inversify';
import { ApiKeyAuthenticator } from '../../core/services/prompt/api-key-authenticator.service';
import { ApiKeyIssuer } from '../../core/services/prompt/api-key-issuer.service';
import { OptimizeQuota } from '../../core/services/prompt/optimize-quota.service';
import { PromptOptimizer } from '../../core/services/prompt/prompt-optimizer.service';
import { PromptHealthController } from './controllers/health.controller';
import { PromptKeysController } from './controllers/keys.controller';
import { PromptOptimizeController } from './controllers/optimize.controller';

/** The prompt contract's use cases (singletons) and controllers (transient, as tsoa expects). */
export const promptModule = new ContainerModule(({ bind }) => {
  for (const service of [ApiKeyIssuer, ApiKeyAuthenticator, OptimizeQuota, PromptOptimizer]) {
    bind(service).toSelf().inSingletonScope();
  }
  for (const controller of [PromptHealthController, PromptKeysController, PromptOptimizeController]) {
    bind(controller).toSelf();
  }
});
