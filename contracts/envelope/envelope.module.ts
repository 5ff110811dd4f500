import { ContainerModule } from 'inversify';
import { EnvelopeHealthController } from './controllers/health.controller';

export const envelopeModule = new ContainerModule(({ bind }) => {
  bind(EnvelopeHealthController).toSelf();
});
