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
 * comment every `heartbeatMs` so proxies and clients keep a quiet stream open. The first frame of
 * a turn of the event loop is written at once; frames that follow it in the same turn are joined
 * and written together at the next turn (one socket write for a burst, not one per token). Once
 * the socket cannot take more, sends wait for it to drain (or close), so a slow reader holds back
 * its producer instead of filling memory.
 */
export class SseWriter {
  private heartbeat?: ReturnType<typeof setInterval>;
  /** Frames of this turn waiting for the batch write; undefined when no batch is open. */
  private batch?: string;
  /** Settles when a full socket buffer has drained (or the client left). */
  private blocked?: Promise<void>;

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
    if (this.blocked) await this.blocked;
    if (this.closed) return;
    const text = formatSseFrame(frame);
    if (this.batch !== undefined) {
      this.batch += text;
      return;
    }
    this.batch = '';
    setImmediate(() => this.writeBatch());
    this.write(text);
    if (this.blocked) await this.blocked;
  }

  comment(text: string): void {
    if (!this.closed) this.res.write(`: ${oneLine(text)}\n\n`);
  }

  end(): void {
    clearInterval(this.heartbeat);
    this.writeBatch();
    if (!this.res.writableEnded) this.res.end();
  }

  private writeBatch(): void {
    const batch = this.batch;
    this.batch = undefined;
    if (batch) this.write(batch);
  }

  private write(text: string): void {
    if (this.closed || this.res.write(text) || this.blocked) return;
    this.blocked = new Promise<void>((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        this.blocked = undefined;
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }
}

function oneLine(text: string): string {
  return text.replace(/[\r\n]/g, ' ');
}
