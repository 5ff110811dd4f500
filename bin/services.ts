import 'reflect-metadata';
import { AppConfig } from '../adapters/config/app-config';
import { AppContainer, buildContainer } from '../adapters/container';
import { createSchedulerLoop } from '../adapters/schedule-services.module';
import { createExpirySweepLoop } from '../adapters/scheduling/expiry-sweep-loop';
import { createPinoRoot } from '../adapters/system/pino-logger';
import { createEnvelopeApp } from '../contracts/envelope/app';
import { envelopeModule } from '../contracts/envelope/envelope.module';
import { listen, RunningService } from '../contracts/http/http-service';
import { createPlatformApp } from '../contracts/platform/app';
import { platformModule } from '../contracts/platform/platform.module';
import { createPromptApp } from '../contracts/prompt/app';
import { promptModule } from '../contracts/prompt/prompt.module';
import { AdminBootstrap } from '../core/services/auth/admin-bootstrap.service';
import { JobWorker } from '../core/services/jobs/job-worker.service';

export interface RunningServices {
  app: AppContainer;
  platform: RunningService;
  envelope: RunningService;
  prompt: RunningService;
  /** Graceful stop: stop accepting, finish in-flight requests, then close pools. */
  stop(): Promise<void>;
}

/** Builds the container and serves the three contracts, each on its own port. */
export async function startServices(config: AppConfig): Promise<RunningServices> {
  const logger = createPinoRoot(config.logLevel);
  const app = await buildContainer(config, logger);
  const started: RunningService[] = [];
  try {
    app.container.loadSync(platformModule, envelopeModule, promptModule);
    // With the in-process queue nobody else can run the jobs; with RabbitMQ, `npm run worker` does.
    const worker = config.queue.kind === 'inprocess' ? app.container.get(JobWorker) : undefined;
    await worker?.start();
    const scheduler = worker ? createSchedulerLoop(app.container, config) : undefined;
    scheduler?.start();
    const expirySweep = createExpirySweepLoop(app.container, config);
    expirySweep.start();
    await app.container.get(AdminBootstrap).run();
    const common = { container: app.container, logger, bodyLimitBytes: config.bodyLimitBytes, trustProxy: config.trustProxy };
    const platformApp = createPlatformApp({ ...common, sseHeartbeatMs: config.runs.sseHeartbeatMs });
    const platform = await listen('platform', platformApp, { host: config.host, port: config.ports.platform }, (status) => ({
      error: status === 431 ? 'header_too_large' : 'bad_request',
      message: status === 431 ? 'Request headers are too large' : 'Malformed request',
    }));
    started.push(platform);
    const envelopeBody = (status: 400 | 431) => ({ code: status === 431 ? 43100 : 40000, message: 'Malformed request', data: null });
    const envelope = await listen('envelope', createEnvelopeApp(common), { host: config.host, port: config.ports.envelope }, envelopeBody);
    started.push(envelope);
    const promptBody = (status: 400 | 431) => ({ code: status, message: 'Malformed request', data: null });
    const prompt = await listen('prompt', createPromptApp(common), { host: config.host, port: config.ports.prompt }, promptBody);
    started.push(prompt);
    logger.info({ platform: platform.port, envelope: envelope.port, prompt: prompt.port, host: config.host }, 'services listening');
    return {
      app,
      platform,
      envelope,
      prompt,
      stop: async () => {
        await Promise.all(started.map((service) => service.stop()));
        await scheduler?.stop();
        await expirySweep.stop();
        await worker?.stop();
        await app.close();
      },
    };
  } catch (error) {
    await Promise.all(started.map((service) => service.stop(0)));
    await app.close();
    throw error;
  }
}
