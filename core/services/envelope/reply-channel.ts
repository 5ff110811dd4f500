/**
 * A one-reader queue between a run that goes on by itself and the client reading it. When the
 * reader stops (the client went away), what is pushed after is dropped, never buffered.
 */
export class ReplyChannel<T> implements AsyncIterable<T> {
  private readonly queued: T[] = [];
  private wake?: () => void;
  private closed = false;
  private abandoned = false;

  push(item: T): void {
    if (this.closed || this.abandoned) return;
    this.queued.push(item);
    this.wake?.();
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    try {
      for (;;) {
        const next = this.queued.shift();
        if (next !== undefined) {
          yield next;
          continue;
        }
        if (this.closed) return;
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
      }
    } finally {
      this.abandoned = true;
      this.queued.length = 0;
    }
  }
}
