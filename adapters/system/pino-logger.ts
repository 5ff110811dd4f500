import pino from 'pino';
import { LogFields, Logger } from '../../core/ports/logger.port';

/** Bytes gathered before one write to stdout: few, large writes keep the writing thread off the cores serving requests. */
const BUFFER_BYTES = 65_536;
/** One write's cap; sonic-boom wants it above the buffer size. */
const MAX_WRITE_BYTES = 262_144;
/** Longest a line waits in the buffer. */
const FLUSH_EVERY_MS = 1000;
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'x-api-key', 'x-webhook-token'];

/**
 * The one pino root logger; HTTP request logging derives from it. Lines go to stdout through
 * an asynchronous buffered destination: one synchronous write per access-log line would cost
 * the request path a third of its throughput when stdout is a file or a pipe. The buffer is
 * written when full, every second, and when the process exits; `stop()` flushes it too.
 */
export function createPinoRoot(level: string): pino.Logger {
  return pino(
    {
      level,
      base: { service: 'agent-platform' },
      // A serializer rather than `redact`: redaction wraps every line, a serializer runs only on lines with a `req`.
      serializers: { req: withoutCredentialHeaders },
    },
    bufferedStdout(),
  );
}

/**
 * Stdout gathering lines as byte buffers. sonic-boom's default (text) mode appends each line to
 * one growing string and measures that string's UTF-8 length on every write, which flattens
 * and copies the whole pending buffer per line (≈ 70 µs of CPU a line with a 64 KiB buffer, two
 * thirds of it in the kernel mapping and unmapping the copies); in buffer mode it keeps a list of
 * chunks and their lengths, and joins them once per write to the file (≈ 1.5 µs a line).
 */
function bufferedStdout(): pino.DestinationStream & Pick<ReturnType<typeof pino.destination>, 'flush' | 'flushSync'> {
  // The periodic flush: a quiet server's lines would otherwise wait in the buffer until it fills.
  const destination = pino.destination({
    dest: 1,
    sync: false,
    contentMode: 'buffer',
    minLength: BUFFER_BYTES,
    maxWrite: MAX_WRITE_BYTES,
    periodicFlush: FLUSH_EVERY_MS,
  });
  return {
    // sonic-boom's types describe text mode only; in buffer mode `write` takes the line's bytes.
    write: (line: string) => destination.write(Buffer.from(line) as unknown as string),
    flush: (callback?: (error?: Error) => void) => destination.flush(callback),
    flushSync: () => destination.flushSync(),
  };
}

/** A logged request's headers never carry a credential. */
export function withoutCredentialHeaders(req: unknown): unknown {
  if (req === null || typeof req !== 'object' || !('headers' in req)) return req;
  const { headers } = req as { headers: unknown };
  if (headers === null || typeof headers !== 'object') return req;
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name.toLowerCase())));
  return { ...req, headers: kept };
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
