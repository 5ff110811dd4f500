import { ContainerModule } from 'inversify';
import { AppConfig } from '../config/app-config';
import { HTTP_EGRESS } from '../../core/ports/http-egress.port';
import { LOGGER, Logger } from '../../core/ports/logger.port';
import { STREAMING_HTTP_EGRESS } from '../../core/ports/streaming-http-egress.port';
import { TCP_EGRESS_GUARD } from '../../core/ports/tcp-egress-guard.port';
import { GuardedHttpEgress } from './guarded-http-egress';
import { GuardedTcpEgress } from './guarded-tcp-egress';

/**
 * Binds `HTTP_EGRESS` and `STREAMING_HTTP_EGRESS` (model base URLs) to one egress guard, and
 * `TCP_EGRESS_GUARD` (data-source databases) to its TCP twin; there is deliberately no unguarded adapter.
 */
export function httpEgressModule(config: AppConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    let guard: GuardedHttpEgress | undefined;
    const guardOf = (logger: Logger): GuardedHttpEgress =>
      (guard ??= new GuardedHttpEgress({ allowHosts: config.sandbox.egressAllowHosts, userAgent: `agent-platform/${config.version}`, logger }));
    bind(HTTP_EGRESS)
      .toDynamicValue((context) => guardOf(context.get<Logger>(LOGGER)))
      .inSingletonScope();
    bind(STREAMING_HTTP_EGRESS)
      .toDynamicValue((context) => guardOf(context.get<Logger>(LOGGER)))
      .inSingletonScope();
    bind(TCP_EGRESS_GUARD)
      .toDynamicValue((context) => new GuardedTcpEgress({ allowHosts: config.sandbox.egressAllowHosts, logger: context.get<Logger>(LOGGER) }))
      .inSingletonScope();
  });
}
