import { ContainerModule } from 'inversify';
import { AppConfig } from '../config/app-config';
import { HTTP_EGRESS } from '../../core/ports/http-egress.port';
import { TCP_EGRESS_GUARD } from '../../core/ports/tcp-egress-guard.port';
import { GuardedHttpEgress } from './guarded-http-egress';
import { GuardedTcpEgress } from './guarded-tcp-egress';

/** Binds `HTTP_EGRESS` (and `TCP_EGRESS_GUARD`, for data-source databases) to the egress guard; there is deliberately no unguarded adapter. */
export function httpEgressModule(config: AppConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(HTTP_EGRESS).toConstantValue(
      new GuardedHttpEgress({ allowHosts: config.sandbox.egressAllowHosts, userAgent: `agent-platform/${config.version}` }),
    );
    bind(TCP_EGRESS_GUARD).toConstantValue(new GuardedTcpEgress({ allowHosts: config.sandbox.egressAllowHosts }));
  });
}
