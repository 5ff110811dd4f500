import { ServerResponse } from 'node:http';

export interface SseFrame {
  id?: number | string;
  event?: string;
  /** One line or several: each becomes a `data:` line. */
  data: string;
}

/** The wire text of one Server-Sent Events frame. */
export function formatSseFrame(frame: SseFrame): string {
  let text = '';
  if (frame.id !== undefined) text += `id: ${oneLine(String(frame.id))}\n`;
  if (frame.event !== undefined) text += `event: ${oneLine(frame.event)}\n`;
  for (const line of frame.data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  return `${text}\n`;
}

/**
 * Writes a Server-Sent Events response: the headers at once, frames as they come, a `: ping`
 * comment every `heartbeatMs` so proxies and clients keep a quiet stream open. A write the socket
 * cannot take waits for it to drain (or close), so a slow reader holds back its producer instead
 * of filling memory.
 */
export class SseWriter {
  private heartbeat?: ReturnType<typeof setInterval>;

  constructor(
    private readonly res: ServerResponse,
    private readonly heartbeatMs: number,
  ) {}

  open(headers: Record<string, string> = {}): void {
    this.res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      ...headers,
    });
    this.res.flushHeaders();
    this.heartbeat = setInterval(() => this.comment('ping'), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** The client went away, or the stream was ended. */
  get closed(): boolean {
    return this.res.destroyed || this.res.writableEnded;
  }

  async send(frame: SseFrame): Promise<void> {
    if (this.closed) return;
    if (this.res.write(formatSseFrame(frame))) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }

  comment(text: string): void {
    if (!this.closed) this.res.write(`: ${oneLine(text)}\n\n`);
  }

  end(): void {
    clearInterval(this.heartbeat);
    if (!this.res.writableEnded) this.res.end();
  }
}

function oneLine(text: string): string {
  return text.replace(/[\r\n]/g, ' ');
}
