import { isTerminal, RunEvent } from '../../core/domain/run/run-event';
import { Logger } from '../../core/ports/logger.port';
import { RunEventFollow } from '../../core/ports/run-event-log.port';
import { RunEventFeed, RunEventSubscription } from '../../core/ports/run-event-feed.port';
import { RunEventStore } from '../../core/ports/run-event-store.port';
import { RunEventLogSettings } from './run-event-log-settings';

/**
 * One follow of a run's log. It subscribes to the live tail first, then reads the store, and
 * hands out events strictly by seq: each seq once, in order, whichever side had it first. A live
 * event ahead of the next seq (its predecessors still in the writer's buffer, or lost by the
 * broker) sends it to the store until the missing ones are there; a quiet tail is checked against
 * the store every `idlePollMs`.
 */
export class RunEventFollower implements RunEventFollow {
  readonly ready: Promise<void>;
  private readonly live = new Map<number, RunEvent>();
  private backlog: RunEvent[] = [];
  private backlogFull = false;
  private expected: number;
  private wake?: () => void;
  private subscription?: RunEventSubscription;

  constructor(
    private readonly store: RunEventStore,
    feed: RunEventFeed,
    private readonly runId: string,
    private readonly afterSeq: number,
    private readonly signal: AbortSignal,
    private readonly settings: RunEventLogSettings,
    private readonly logger?: Logger,
    /** The run was begun here and nothing is appended yet: there is nothing stored to read. */
    private readonly fresh = false,
  ) {
    this.expected = afterSeq + 1;
    this.ready = this.start(feed);
    this.ready.catch(() => undefined);
    // A follow dropped without being iterated still lets go of its subscription.
    signal.addEventListener('abort', () => void this.ready.then(() => this.subscription?.close()).catch(() => undefined), { once: true });
  }

  async *[Symbol.asyncIterator](): AsyncIterator<RunEvent> {
    const onAbort = () => this.notify();
    this.signal.addEventListener('abort', onAbort);
    try {
      await this.ready;
      // A terminal event has a seq of 1 at least: from the start, there is nothing to look up.
      if (this.afterSeq > 0 && this.backlog.length === 0 && (await this.endedBefore())) return;
      while (!this.signal.aborted) {
        const next = this.takeNext();
        if (next) {
          yield next;
          if (isTerminal(next)) return;
          continue;
        }
        if (this.live.size > 0 || this.backlogFull) {
          if (!(await this.readStore())) await this.sleep(this.settings.gapPollMs);
        } else if (!(await this.sleep(this.settings.idlePollMs))) {
          await this.readStore();
        }
      }
    } finally {
      this.signal.removeEventListener('abort', onAbort);
      await this.subscription?.close().catch(() => undefined);
    }
  }

  private async start(feed: RunEventFeed): Promise<void> {
    this.subscription = await feed.subscribe(this.runId, (event) => this.receive(event));
    if (this.signal.aborted || this.fresh) return;
    await this.readStore();
  }

  private receive(event: RunEvent): void {
    if (event.seq < this.expected) return;
    if (this.live.size >= this.settings.maxBuffered) {
      // A reader this far behind reads from the store instead; the buffer stays bounded.
      this.live.clear();
      this.backlogFull = true;
    } else {
      this.live.set(event.seq, event);
    }
    this.notify();
  }

  /** The run ended at or before `afterSeq`: nothing will follow. */
  private async endedBefore(): Promise<boolean> {
    const last = await this.store.last(this.runId);
    return last !== undefined && isTerminal(last) && last.seq < this.expected;
  }

  private takeNext(): RunEvent | undefined {
    while (this.backlog.length > 0 && this.backlog[0].seq < this.expected) this.backlog.shift();
    let next = this.backlog[0]?.seq === this.expected ? this.backlog.shift() : undefined;
    if (!next) {
      for (const seq of this.live.keys()) if (seq < this.expected) this.live.delete(seq);
      next = this.live.get(this.expected);
      this.live.delete(this.expected);
    }
    if (next) this.expected += 1;
    return next;
  }

  /** Reads the store from the next seq; false when it had nothing new. */
  private async readStore(): Promise<boolean> {
    const stored = await this.store.read(this.runId, this.expected - 1, this.settings.pageSize);
    this.backlogFull = stored.length >= this.settings.pageSize;
    this.backlog = stored;
    if (stored.length === 0) return false;
    if (stored[0].seq > this.expected) {
      // Writes of a run are ordered: a later seq stored means the missing ones never will be.
      this.logger?.warn({ runId: this.runId, from: this.expected, to: stored[0].seq - 1 }, 'run events missing from the store; skipped');
      this.expected = stored[0].seq;
    }
    return true;
  }

  /** True when woken by an event or the abort, false when the time ran out. */
  private sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve(false);
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
