import 'reflect-metadata';
import { bootApp } from '../adapters/composition/running-app';
import { ConfigError } from '../adapters/config/config-error';
import { loadConfig } from '../adapters/config/load-config';
import { createPinoRoot } from '../adapters/system/pino-logger';

/** `npm run worker`: consumes the job queue and fires the schedules; run as many as the load needs. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createPinoRoot(config.logLevel);
  const app = await bootApp(config, logger, { role: 'worker' });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker shutting down');
    app
      .close()
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
