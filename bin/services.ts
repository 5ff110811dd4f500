import 'reflect-metadata';
import { AppConfig } from '../adapters/config/app-config';
import { AppContainer, bootApp } from '../adapters/composition/running-app';
import { createPinoRoot } from '../adapters/system/pino-logger';
import { createEnvelopeApp } from '../contracts/envelope/app';
import { envelopeModule } from '../contracts/envelope/envelope.module';
import { listen, RunningService } from '../contracts/http/http-service';
import { createPlatformApp } from '../contracts/platform/app';
import { platformModule } from '../contracts/platform/platform.module';
import { platformWebSockets } from '../contracts/platform/websockets/platform-websockets';
import { DEFAULT_WEBSOCKET_SETTINGS } from '../contracts/http/websockets/websocket-settings';
import { createPromptApp } from '../contracts/prompt/app';
import { promptModule } from '../contracts/prompt/prompt.module';

export interface RunningServices {
  app: AppContainer;
  platform: RunningService;
  envelope: RunningService;
  prompt: RunningService;
  /** Graceful stop: stop accepting, finish in-flight requests, then close pools. */
  stop(): Promise<void>;
}

/** Boots the app in the `api` role and serves the three contracts, each on its own port. */
export async function startServices(config: AppConfig): Promise<RunningServices> {
  const logger = createPinoRoot(config.logLevel);
  // With the in-process queue the API process runs the jobs itself; with RabbitMQ, `npm run worker` does.
  const app = await bootApp(config, logger, { role: 'api', contractModules: [platformModule, envelopeModule, promptModule] });
  const started: RunningService[] = [];
  try {
    const common = { container: app.container, logger, bodyLimitBytes: config.bodyLimitBytes, trustProxy: config.trustProxy };
    const platformApp = createPlatformApp({ ...common, sseHeartbeatMs: config.runs.sseHeartbeatMs });
    const platformBody = (status: 400 | 431) => ({
      error: status === 431 ? 'header_too_large' : 'bad_request',
      message: status === 431 ? 'Request headers are too large' : 'Malformed request',
    });
    // WebSocket pings keep idle proxies from dropping the socket, as SSE heartbeats do for streams.
    const sockets = platformWebSockets(app.container, { ...DEFAULT_WEBSOCKET_SETTINGS, heartbeatMs: config.runs.sseHeartbeatMs });
    const platform = await listen('platform', platformApp, { host: config.host, port: config.ports.platform }, platformBody, sockets);
    started.push(platform);
    const envelopeBody = (status: 400 | 431) => ({ code: status === 431 ? 43100 : 40000, message: 'Malformed request', data: null });
    const envelope = await listen(
      'envelope',
      createEnvelopeApp({ ...common, sseHeartbeatMs: config.runs.sseHeartbeatMs }),
      { host: config.host, port: config.ports.envelope },
      envelopeBody,
    );
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
        await app.close();
      },
    };
  } catch (error) {
    await Promise.all(started.map((service) => service.stop(0)));
    await app.close();
    throw error;
  }
}
