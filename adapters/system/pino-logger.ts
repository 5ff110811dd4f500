import pino from 'pino';
import { LogFields, Logger } from '../../core/ports/logger.port';

/** Bytes gathered before one write to stdout. */
const BUFFER_BYTES = 4096;

/**
 * The one pino root logger; HTTP request logging derives from it. Lines go to stdout through
 * an asynchronous buffered destination: one synchronous write per access-log line would cost
 * the request path a third of its throughput when stdout is a file or a pipe. Pino flushes
 * the buffer when the process exits; `stop()` flushes it too.
 */
export function createPinoRoot(level: string): pino.Logger {
  return pino(
    {
      level,
      base: { service: 'agent-platform' },
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'req.headers["x-webhook-token"]'], remove: true },
    },
    pino.destination({ dest: 1, sync: false, minLength: BUFFER_BYTES }),
  );
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
