import express, { Express } from 'express';
import { Container } from 'inversify';
import pino from 'pino';
import { mountApiDocs } from '../http/api-docs';
import { bodyParsing } from '../http/body-parsing';
import { httpLogging } from '../http/http-logging';
import { platformErrorHandler, platformNotFound } from './errors/platform-error-handler';
import { RegisterRoutes } from './generated/routes';
import { onlyUuidPathParams } from '../http/uuid-path-params';
import { sendPreparedJson } from '../http/prepared-json';
import { registerRouteGroups } from '../http/route-groups';
import openApiDocument from './generated/swagger.json';

export interface PlatformAppOptions {
  container: Container;
  logger: pino.Logger;
  bodyLimitBytes: number;
  /** Express `trust proxy`: whose `X-Forwarded-For` names the client (TRUST_PROXY). */
  trustProxy: boolean | number | string[];
  /** SSE_HEARTBEAT_MS: a quiet stream sends a `: ping` comment this often. */
  sseHeartbeatMs?: number;
}

/** The platform contract (platform-api.md) as an Express app; it does not listen. */
export function createPlatformApp(options: PlatformAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy);
  // Every query parameter of the contract is a scalar: Node's parser, not qs's nested syntax, which cost a hot list request tens of µs.
  app.set('query parser', 'simple');
  sendPreparedJson(app);
  app.locals.container = options.container;
  app.locals.sseHeartbeatMs = options.sseHeartbeatMs ?? 15_000;
  app.use(httpLogging(options.logger, 'platform'));
  app.use(bodyParsing({ limitBytes: options.bodyLimitBytes, alsoAccept: ['application/x-www-form-urlencoded', 'multipart/form-data'] }));
  mountApiDocs(app, openApiDocument);
  registerRouteGroups(app, RegisterRoutes, (router) => onlyUuidPathParams(router, ['agent_id', 'stream_id', 'workflow_id']));
  app.use(platformNotFound);
  app.use(platformErrorHandler);
  return app;
}
