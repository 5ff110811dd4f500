import { ContainerModule } from 'inversify';
import { AppConfig } from '../config/app-config';
import { HTTP_EGRESS } from '../../core/ports/http-egress.port';
import { LOGGER, Logger } from '../../core/ports/logger.port';
import { TCP_EGRESS_GUARD } from '../../core/ports/tcp-egress-guard.port';
import { GuardedHttpEgress } from './guarded-http-egress';
import { GuardedTcpEgress } from './guarded-tcp-egress';

/** Binds `HTTP_EGRESS` (and `TCP_EGRESS_GUARD`, for data-source databases) to the egress guard; there is deliberately no unguarded adapter. */
export function httpEgressModule(config: AppConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(HTTP_EGRESS)
      .toDynamicValue((context) => {
        const logger = context.get<Logger>(LOGGER);
        return new GuardedHttpEgress({ allowHosts: config.sandbox.egressAllowHosts, userAgent: `agent-platform/${config.version}`, logger });
      })
      .inSingletonScope();
    bind(TCP_EGRESS_GUARD)
      .toDynamicValue((context) => new GuardedTcpEgress({ allowHosts: config.sandbox.egressAllowHosts, logger: context.get<Logger>(LOGGER) }))
      .inSingletonScope();
  });
}
