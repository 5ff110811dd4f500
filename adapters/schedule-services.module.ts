import { Container, ContainerModule } from 'inversify';
import { CLOCK, Clock } from '../core/ports/clock.port';
import { CRON_CALCULATOR } from '../core/ports/cron-calculator.port';
import { LOGGER, Logger } from '../core/ports/logger.port';
import { JOB_HANDLER } from '../core/services/jobs/job-handler';
import { ScheduleFireHandler } from '../core/services/schedules/schedule-fire.handler';
import { ScheduleTicker } from '../core/services/schedules/schedule-ticker.service';
import { AppConfig } from './config/app-config';
import { PeriodicLoop } from './scheduling/periodic-loop';
import { CronParserCalculator } from './system/cron-parser-calculator';

/**
 * The cron calculator and the `schedule.fire` job handler. The schedule use cases need the
 * storage module (SCHEDULE_REPOSITORY, USER_REPOSITORY, AGENT_REPOSITORY, WORKFLOW_REPOSITORY),
 * JOB_QUEUE, CLOCK, ID_GENERATOR, LOGGER, AuditTrail and ExecutionLauncher. The scheduler
 * loop comes from `createSchedulerLoop`, for the process that runs the jobs.
 */
export function scheduleServicesModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(CRON_CALCULATOR).toConstantValue(new CronParserCalculator());
    bind(JOB_HANDLER).to(ScheduleFireHandler).inSingletonScope();
  });
}

/**
 * The scheduler for a process that runs the jobs, or undefined when `SCHEDULER_ENABLED=false`.
 * The caller starts it and awaits `stop()` before closing the container.
 */
export function createSchedulerLoop(container: Container, config: AppConfig): PeriodicLoop | undefined {
  if (!config.scheduler.enabled) return undefined;
  const logger = container.get<Logger>(LOGGER);
  return new PeriodicLoop(container.get(ScheduleTicker), container.get<Clock>(CLOCK), logger, config.scheduler.tickMs, {
    countField: 'fired',
    done: 'schedules fired',
    failed: 'schedule tick failed',
  });
}
