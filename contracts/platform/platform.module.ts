import { ContainerModule } from 'inversify';
import { BearerAuthenticator } from '../../core/services/auth/bearer-authenticator.service';
import { CurrentUserReader } from '../../core/services/auth/current-user.service';
import { LoginService } from '../../core/services/auth/login.service';
import { UserRegistrar } from '../../core/services/auth/user-registrar.service';
import { AuthController } from './controllers/auth.controller';
import { HealthController } from './controllers/health.controller';

/** The platform's use cases (singletons) and controllers (transient, as tsoa expects). */
export const platformModule = new ContainerModule(({ bind }) => {
  for (const service of [UserRegistrar, LoginService, CurrentUserReader, BearerAuthenticator]) {
    bind(service).toSelf().inSingletonScope();
  }
  for (const controller of [HealthController, AuthController]) {
    bind(controller).toSelf();
  }
});
