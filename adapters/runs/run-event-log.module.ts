import { ContainerModule } from 'inversify';
import { CLOCK } from '../../core/ports/clock.port';
import { LOGGER } from '../../core/ports/logger.port';
import { RUN_EVENT_FEED } from '../../core/ports/run-event-feed.port';
import { RUN_EVENT_LOG } from '../../core/ports/run-event-log.port';
import { RUN_EVENT_STORE } from '../../core/ports/run-event-store.port';
import { RunEventLogSettings } from './run-event-log-settings';
import { JournaledRunEventLog } from './journaled-run-event-log';

/** Binds RUN_EVENT_LOG over the bound RUN_EVENT_STORE (storage module) and RUN_EVENT_FEED (run event feed module). */
export function runEventLogModule(settings: RunEventLogSettings): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(RUN_EVENT_LOG)
      .toDynamicValue(
        (ctx) => new JournaledRunEventLog(ctx.get(RUN_EVENT_STORE), ctx.get(RUN_EVENT_FEED), ctx.get(CLOCK), settings, ctx.get(LOGGER, { optional: true })),
      )
      .inSingletonScope();
  });
}
