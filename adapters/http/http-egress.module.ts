import { ContainerModule } from 'inversify';
import { AppConfig } from '../config/app-config';
import { HTTP_EGRESS } from '../../core/ports/http-egress.port';
import { GuardedHttpEgress } from './guarded-http-egress';

/** Binds `HTTP_EGRESS` to the egress guard; there is deliberately no unguarded adapter. */
export function httpEgressModule(config: AppConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(HTTP_EGRESS).toConstantValue(
      new GuardedHttpEgress({ allowHosts: config.sandbox.egressAllowHosts, userAgent: `agent-platform/${config.version}` }),
    );
  });
}
