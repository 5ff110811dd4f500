import { isTerminal, RunEvent, RunEventData } from '../../core/domain/run/run-event';
import { Clock } from '../../core/ports/clock.port';
import { Logger } from '../../core/ports/logger.port';
import { RunEventFeed } from '../../core/ports/run-event-feed.port';
import { RunEventStore } from '../../core/ports/run-event-store.port';
import { RunEventLogSettings } from './run-event-log-settings';

/** What the writing process knows of a run it appends to; dropped with its terminal event. */
interface OpenRun {
  nextSeq?: number;
  loading?: Promise<void>;
  /** Token events published but not stored yet. */
  buffered: RunEvent[];
  timer?: ReturnType<typeof setTimeout>;
  /** Store writes of this run, one after another, in seq order. */
  writes: Promise<void>;
  /** A token has been appended already. */
  streaming?: boolean;
}

/** Resolves on the next turn of the event loop, after pending I/O callbacks. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Numbers and stores a run's events where the run executes. Token events are published at once
 * and stored in batches (every `flushMs` or `flushTokens`); any other event is stored, together
 * with the tokens before it, before it is published. A run that moves to another process carries
 * on from the last stored seq.
 */
export class RunEventWriter {
  private readonly runs = new Map<string, OpenRun>();

  constructor(
    private readonly store: RunEventStore,
    private readonly feed: RunEventFeed,
    private readonly clock: Clock,
    private readonly settings: RunEventLogSettings,
    private readonly logger?: Logger,
  ) {}

  async append(runId: string, data: RunEventData): Promise<RunEvent> {
    const run = this.open(runId);
    if (run.nextSeq === undefined) await (run.loading ??= this.load(runId, run));
    const event = { ...data, seq: run.nextSeq ?? 1 } as RunEvent;
    run.nextSeq = event.seq + 1;
    if (event.type === 'token') {
      this.feed.publish(runId, event);
      run.buffered.push(event);
      const first = !run.streaming;
      run.streaming = true;
      if (run.buffered.length >= this.settings.flushTokens) this.flush(runId, run);
      else run.timer ??= setTimeout(() => this.flush(runId, run), this.settings.flushMs);
      // A model that sends a whole answer in one read would otherwise be relayed in one long run of
      // promise callbacks, and Node sends socket writes only once such a run ends: yielding after the
      // first token (and at every flush) lets the followers' frames leave at once.
      if (first || run.buffered.length === 0) await nextTurn();
      return event;
    }
    const batch = this.takeBuffered(run);
    batch.push(event);
    if (isTerminal(event)) this.runs.delete(runId);
    try {
      await this.write(runId, run, batch);
    } finally {
      // Published even when storing failed, so live followers still learn of it.
      this.feed.publish(runId, event);
    }
    return event;
  }

  /** A new run starts at seq 1 without asking the store. */
  begin(runId: string): void {
    const run = this.open(runId);
    run.nextSeq ??= 1;
  }

  /** Stores what is buffered for the run and forgets it: a later append reads the last seq from the store. */
  async release(runId: string): Promise<void> {
    const run = this.runs.get(runId);
    if (!run) return;
    this.runs.delete(runId);
    const batch = this.takeBuffered(run);
    if (batch.length > 0) {
      await this.write(runId, run, batch).catch((error: unknown) =>
        this.logger?.error({ runId, firstSeq: batch[0].seq, count: batch.length, error: String(error) }, 'run token events not stored'),
      );
    }
    await run.writes;
  }

  /** Begun here, and nothing appended to it yet. */
  isUntouched(runId: string): boolean {
    return this.runs.get(runId)?.nextSeq === 1;
  }

  private open(runId: string): OpenRun {
    let run = this.runs.get(runId);
    if (!run) this.runs.set(runId, (run = { buffered: [], writes: Promise.resolve() }));
    return run;
  }

  private async load(runId: string, run: OpenRun): Promise<void> {
    const last = await this.store.last(runId);
    run.nextSeq = (last?.seq ?? 0) + 1;
  }

  private flush(runId: string, run: OpenRun): void {
    const batch = this.takeBuffered(run);
    if (batch.length === 0) return;
    this.write(runId, run, batch).catch((error: unknown) =>
      this.logger?.error({ runId, firstSeq: batch[0].seq, count: batch.length, error: String(error) }, 'run token events not stored'),
    );
  }

  private takeBuffered(run: OpenRun): RunEvent[] {
    if (run.timer) clearTimeout(run.timer);
    run.timer = undefined;
    const batch = run.buffered;
    run.buffered = [];
    return batch;
  }

  private write(runId: string, run: OpenRun, batch: RunEvent[]): Promise<void> {
    const keepUntil = new Date(this.clock.now().getTime() + this.settings.retentionMs);
    const written = run.writes.then(() => this.store.insert(runId, batch, keepUntil));
    run.writes = written.catch(() => undefined);
    return written;
  }
}
