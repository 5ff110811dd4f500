import 'reflect-metadata';
import { ConfigError } from '../adapters/config/config-error';
import { loadConfig } from '../adapters/config/load-config';
import { buildContainer } from '../adapters/container';
import { createSchedulerLoop } from '../adapters/schedule-services.module';
import { createExpirySweepLoop } from '../adapters/scheduling/expiry-sweep-loop';
import { createPinoRoot } from '../adapters/system/pino-logger';
import { JobWorker } from '../core/services/jobs/job-worker.service';

/** `npm run worker`: consumes the job queue; run as many as the load needs. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createPinoRoot(config.logLevel);
  const app = await buildContainer(config, logger);
  const worker = app.container.get(JobWorker);
  await worker.start();
  const scheduler = createSchedulerLoop(app.container, config);
  scheduler?.start();
  const expirySweep = createExpirySweepLoop(app.container, config);
  expirySweep.start();
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker shutting down');
    Promise.resolve(scheduler?.stop())
      .then(() => expirySweep.stop())
      .then(() => worker.stop())
      .then(() => app.close())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(error instanceof ConfigError ? `${error.message}\n` : `Worker start-up failed: ${String(error)}\n`);
  process.exit(1);
});
