import { Container } from 'inversify';
import { CLOCK, Clock } from '../../core/ports/clock.port';
import { EXPIRED_STATE_SWEEPER, ExpiredStateSweeper } from '../../core/ports/expired-state-sweeper.port';
import { LOGGER, Logger } from '../../core/ports/logger.port';
import { ExpirySweep } from '../../core/services/housekeeping/expiry-sweep.service';
import { AppConfig } from '../config/app-config';
import { PeriodicLoop } from './periodic-loop';

/**
 * The loop deleting ended state from every bound sweeper. Every server and worker runs one:
 * a sweep is a plain conditional delete, safe from several processes at once. The caller
 * starts it and awaits `stop()` before closing the container.
 */
export function createExpirySweepLoop(container: Container, config: AppConfig): PeriodicLoop {
  const sweep = new ExpirySweep(container.getAll<ExpiredStateSweeper>(EXPIRED_STATE_SWEEPER));
  return new PeriodicLoop(sweep, container.get<Clock>(CLOCK), container.get<Logger>(LOGGER), config.expirySweep.intervalMs, {
    countField: 'removed',
    done: 'expired state swept',
    failed: 'expiry sweep failed',
  });
}
