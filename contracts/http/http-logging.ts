import { Request, RequestHandler } from 'express';
import pino from 'pino';
import { requestIdOf } from './request-id';

declare module 'http' {
  interface IncomingMessage {
    /** The request's logger (tagged with its id), made on first use: error handlers log through it. */
    log?: pino.Logger;
  }
}

/**
 * One structured access-log line per request when it finishes, tagged with the request id and
 * the service: `{req: {id, method, url}, res: {statusCode}, responseTime}`, at `error` for 5xx,
 * `warn` for 4xx, else `info`. Written directly rather than through pino-http, which built a
 * child logger and wrapped the response for every request: with the default `LOG_LEVEL=info`
 * that cost a fifth of a cheap request's throughput (docs/benchmarks.md). With
 * `LOG_LEVEL=silent` only the request id is kept.
 */
export function httpLogging(root: pino.Logger, service: string): RequestHandler {
  const logger = root.child({ contract: service });
  const silent = root.level === 'silent';
  return (req, res, next) => {
    const id = requestIdOf(req, res);
    (req as Request & { id: string }).id = id;
    if (silent) return next();
    let requestLogger: pino.Logger | undefined;
    Object.defineProperty(req, 'log', { configurable: true, get: () => (requestLogger ??= logger.child({ reqId: id })) });
    const started = performance.now();
    res.once('finish', () => {
      const statusCode = res.statusCode;
      const level = statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
      const responseTime = Math.round(performance.now() - started);
      logger[level]({ req: { id, method: req.method, url: req.originalUrl }, res: { statusCode }, responseTime }, 'request completed');
    });
    next();
  };
}
