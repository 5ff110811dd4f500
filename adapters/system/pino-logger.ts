import pino from 'pino';
import { LogFields, Logger } from '../../core/ports/logger.port';

/** The one pino root logger; HTTP request logging derives from it. */
export function createPinoRoot(level: string): pino.Logger {
  return pino({
    level,
    base: { service: 'agent-platform' },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'req.headers["x-webhook-token"]'], remove: true },
  });
}

export class PinoLogger implements Logger {
  constructor(private readonly root: pino.Logger) {}

  debug(fields: LogFields, message: string): void {
    this.root.debug(fields, message);
  }

  info(fields: LogFields, message: string): void {
    this.root.info(fields, message);
  }

  warn(fields: LogFields, message: string): void {
    this.root.warn(fields, message);
  }

  error(fields: LogFields, message: string): void {
    this.root.error(fields, message);
  }
}
