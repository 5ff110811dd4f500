import { RunEvent } from '../domain/run/run-event';
import { token } from '../shared/token';

export interface RunEventSubscription {
  close(): Promise<void>;
}

/**
 * The live half of the run event log: a best-effort fan-out of each appended event to every
 * process that follows the run (in-process, or a broker). It may lose events (a broker
 * reconnecting): followers fill gaps from the store.
 */
export interface RunEventFeed {
  publish(runId: string, event: RunEvent): void;

  /** Resolves once events published from now on reach `listener`. */
  subscribe(runId: string, listener: (event: RunEvent) => void): Promise<RunEventSubscription>;

  close(): Promise<void>;
}

export const RUN_EVENT_FEED = token<RunEventFeed>('RunEventFeed');
