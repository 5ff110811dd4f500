import { ContainerModule } from 'inversify';
import { EnvelopeHealthController } from './controllers/health.controller';

/** The envelope contract's controllers, transient as tsoa expects. */
export const envelopeModule = new ContainerModule(({ bind }) => {
  bind(EnvelopeHealthController).toSelf().inTransientScope();
});
