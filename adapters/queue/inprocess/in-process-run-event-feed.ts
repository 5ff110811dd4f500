import { RunEvent } from '../../../core/domain/run/run-event';
import { Logger } from '../../../core/ports/logger.port';
import { RunEventFeed, RunEventSubscription } from '../../../core/ports/run-event-feed.port';

type Listener = (event: RunEvent) => void;

/** The live tail within one process (QUEUE=inprocess): events reach the run's listeners synchronously. */
export class InProcessRunEventFeed implements RunEventFeed {
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(private readonly logger?: Logger) {}

  publish(runId: string, event: RunEvent): void {
    for (const listener of this.listeners.get(runId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        this.logger?.warn({ runId, error: String(error) }, 'run event listener failed');
      }
    }
  }

  async subscribe(runId: string, listener: Listener): Promise<RunEventSubscription> {
    let set = this.listeners.get(runId);
    if (!set) this.listeners.set(runId, (set = new Set()));
    set.add(listener);
    return {
      close: async () => {
        set.delete(listener);
        if (set.size === 0 && this.listeners.get(runId) === set) this.listeners.delete(runId);
      },
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
