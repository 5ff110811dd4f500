import { IncomingMessage } from 'node:http';
import { Request, RequestHandler } from 'express';
import pino from 'pino';
import { loggedUrl } from './logged-url';
import { requestIdOf } from './request-id';

const SERVICE_LOGGER = Symbol('serviceLogger');
const REQUEST_LOGGER = Symbol('requestLogger');

interface LoggedRequest extends IncomingMessage {
  id?: string;
  [SERVICE_LOGGER]?: pino.Logger;
  [REQUEST_LOGGER]?: pino.Logger;
}

/**
 * One structured access-log line per request when it finishes, tagged with the request id and
 * the service: `{req: {id, method, url}, res: {statusCode}, responseTime}` (credential-like query
 * values masked), at `error` for 5xx,
 * `warn` for 4xx, else `info`. Written directly rather than through pino-http, which built a
 * child logger and wrapped the response for every request; the request's own logger is made
 * only when something asks for it (`requestLog`), as error handlers do. With `LOG_LEVEL=silent`
 * only the request id is kept. docs/benchmarks.md has what logging costs a cheap request.
 */
export function httpLogging(root: pino.Logger, service: string): RequestHandler {
  const logger = root.child({ contract: service });
  const silent = root.level === 'silent';
  return (req, res, next) => {
    const id = requestIdOf(req, res);
    (req as Request & { id: string }).id = id;
    if (silent) return next();
    (req as LoggedRequest)[SERVICE_LOGGER] = logger;
    const started = performance.now();
    res.once('finish', () => {
      const statusCode = res.statusCode;
      const level = statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
      const responseTime = Math.round(performance.now() - started);
      logger[level]({ req: { id, method: req.method, url: loggedUrl(req.originalUrl) }, res: { statusCode }, responseTime }, 'request completed');
    });
    next();
  };
}

/** The request's logger, tagged with its id; undefined when logging is off. */
export function requestLog(req: IncomingMessage): pino.Logger | undefined {
  const logged = req as LoggedRequest;
  const service = logged[SERVICE_LOGGER];
  if (!service) return undefined;
  return (logged[REQUEST_LOGGER] ??= service.child({ reqId: logged.id }));
}
