import { RunEvent } from '../domain/run/run-event';
import { token } from '../shared/token';

/**
 * The durable half of the run event log (storage). A batch may pack consecutive token events
 * into one record; reads unpack them, so a reader gets every event with its own `seq`.
 */
export interface RunEventStore {
  /** Stores `events` (consecutive seqs of one run, in order) at once, to be kept until `keepUntil`. */
  insert(runId: string, events: ReadonlyArray<RunEvent>, keepUntil: Date): Promise<void>;

  /** Stored events with `seq > afterSeq`, in order, at most about `limit` of them (a packed record is returned whole). */
  read(runId: string, afterSeq: number, limit: number): Promise<RunEvent[]>;

  /** The last stored event of the run, if any. */
  last(runId: string): Promise<RunEvent | undefined>;
}

export const RUN_EVENT_STORE = token<RunEventStore>('RunEventStore');
