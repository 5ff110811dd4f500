import express, { Express } from 'express';
import { Container } from 'inversify';
import pino from 'pino';
import { mountApiDocs } from '../http/api-docs';
import { bodyParsing } from '../http/body-parsing';
import { httpLogging } from '../http/http-logging';
import { envelopeErrorHandler, envelopeMethodNotAllowed, envelopeNotFound } from './errors/envelope-error-handler';
import { RegisterRoutes } from './generated/routes';
import openApiDocument from './generated/swagger.json';

export interface EnvelopeAppOptions {
  container: Container;
  logger: pino.Logger;
  bodyLimitBytes: number;
  /** Express `trust proxy`: whose `X-Forwarded-For` names the client (TRUST_PROXY). */
  trustProxy: boolean | number | string[];
  /** A `: ping` comment this often keeps a quiet reply stream open (SSE_HEARTBEAT_MS). */
  sseHeartbeatMs?: number;
}

/** The envelope contract (envelope-api.md) as an Express app; it does not listen. */
export function createEnvelopeApp(options: EnvelopeAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy);
  app.locals.container = options.container;
  app.locals.sseHeartbeatMs = options.sseHeartbeatMs ?? 15_000;
  app.use(httpLogging(options.logger, 'envelope'));
  app.use(bodyParsing({ limitBytes: options.bodyLimitBytes, alsoAccept: ['multipart/form-data'] }));
  mountApiDocs(app, openApiDocument);
  RegisterRoutes(app);
  app.use(envelopeMethodNotAllowed(openApiDocument));
  app.use(envelopeNotFound);
  app.use(envelopeErrorHandler);
  return app;
}
