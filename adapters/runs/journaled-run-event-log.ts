import { RunEvent, RunEventData } from '../../core/domain/run/run-event';
import { Clock } from '../../core/ports/clock.port';
import { Logger } from '../../core/ports/logger.port';
import { RunEventFeed } from '../../core/ports/run-event-feed.port';
import { RunEventFollow, RunEventLog } from '../../core/ports/run-event-log.port';
import { RunEventStore } from '../../core/ports/run-event-store.port';
import { RunEventFollower } from './run-event-follower';
import { RunEventLogSettings } from './run-event-log-settings';
import { RunEventWriter } from './run-event-writer';

/** The run event log over a durable store (storage) and a live feed (in-process or the broker). */
export class JournaledRunEventLog implements RunEventLog {
  private readonly writer: RunEventWriter;

  constructor(
    private readonly store: RunEventStore,
    private readonly feed: RunEventFeed,
    clock: Clock,
    private readonly settings: RunEventLogSettings,
    private readonly logger?: Logger,
  ) {
    this.writer = new RunEventWriter(store, feed, clock, settings, logger);
  }

  append(runId: string, event: RunEventData): Promise<RunEvent> {
    return this.writer.append(runId, event);
  }

  begin(runId: string): void {
    this.writer.begin(runId);
  }

  release(runId: string): Promise<void> {
    return this.writer.release(runId);
  }

  async read(runId: string, afterSeq: number): Promise<RunEvent[]> {
    const events: RunEvent[] = [];
    for (let after = afterSeq; ;) {
      const page = await this.store.read(runId, after, this.settings.pageSize);
      events.push(...page);
      if (page.length < this.settings.pageSize) return events;
      after = page[page.length - 1].seq;
    }
  }

  follow(runId: string, afterSeq: number, signal: AbortSignal): RunEventFollow {
    const fresh = afterSeq === 0 && this.writer.isUntouched(runId);
    return new RunEventFollower(this.store, this.feed, runId, afterSeq, signal, this.settings, this.logger, fresh);
  }
}
