import { Container } from 'inversify';
import { CLOCK, Clock } from '../../core/ports/clock.port';
import { LOGGER, Logger } from '../../core/ports/logger.port';
import { ExecutionReclaimer } from '../../core/services/executions/execution-reclaimer.service';
import { AppConfig } from '../config/app-config';
import { PeriodicLoop } from './periodic-loop';

/**
 * The loop taking back executions whose lease expired. Every server and worker runs one: a
 * take-back is one conditional update, safe from several processes at once. The caller starts
 * it and awaits `stop()` before closing the container.
 */
export function createExecutionReclaimLoop(container: Container, config: AppConfig): PeriodicLoop {
  return new PeriodicLoop(container.get(ExecutionReclaimer), container.get<Clock>(CLOCK), container.get<Logger>(LOGGER), config.executions.reclaimIntervalMs, {
    countField: 'reclaimed',
    done: 'expired execution leases taken back',
    failed: 'execution reclaim failed',
  });
}
