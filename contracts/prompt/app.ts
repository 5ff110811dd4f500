import express, { Express } from 'express';
import { Container } from 'inversify';
import pino from 'pino';
import { mountApiDocs } from '../http/api-docs';
import { bodyParsing } from '../http/body-parsing';
import { httpLogging } from '../http/http-logging';
import { promptErrorHandler, promptNotFound } from './errors/prompt-error-handler';
import { RegisterRoutes } from './generated/routes';
import openApiDocument from './generated/swagger.json';

export interface PromptAppOptions {
  container: Container;
  logger: pino.Logger;
  bodyLimitBytes: number;
  /** Express `trust proxy`: whose `X-Forwarded-For` names the client (TRUST_PROXY). */
  trustProxy: boolean | number | string[];
}

/** The prompt contract (prompt-api.md) as an Express app; it does not listen. */
export function createPromptApp(options: PromptAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy);
  app.locals.container = options.container;
  app.use(httpLogging(options.logger, 'prompt'));
  app.use(bodyParsing({ limitBytes: options.bodyLimitBytes }));
  mountApiDocs(app, openApiDocument);
  RegisterRoutes(app);
  app.use(promptNotFound);
  app.use(promptErrorHandler);
  return app;
}
