import { RunEvent, RunEventData } from '../domain/run/run-event';
import { token } from '../shared/token';

/** A follow of a run's log: iterate it for the events; `ready` settles once it is subscribed and has read the stored ones. */
export interface RunEventFollow extends AsyncIterable<RunEvent> {
  readonly ready: Promise<void>;
}

/**
 * The append-only, ordered event log of every run (chat, executions, orchestration, workflows…):
 * the one source of SSE frames, WebSocket messages, resumes and run logs. Events are appended
 * where the run executes and followed from any process.
 */
export interface RunEventLog {
  /**
   * Gives the event the run's next `seq` (1, 2, …) and hands it to live followers at once. Stored
   * durably: token events may be coalesced and stored a moment later; any other event is stored
   * before it is published, and the buffered tokens before it (so a terminal event is published
   * only once everything before it is stored). Appends of one run are applied in call order.
   */
  append(runId: string, event: RunEventData): Promise<RunEvent>;

  /** Declares a run that has no events yet, where it executes: its first append then needs no look-up of the last seq. */
  begin(runId: string): void;

  /**
   * This process stops appending to the run for now (it paused, or gave the run up without ending
   * it): what it buffered is stored and its counter forgotten, so that, should the run come back here
   * after another process appended to it, the next append continues from the stored seq.
   */
  release(runId: string): Promise<void>;

  /** The stored events with `seq > afterSeq`, in order. */
  read(runId: string, afterSeq: number): Promise<RunEvent[]>;

  /**
   * The events with `seq > afterSeq`: the stored ones, then the live tail, each exactly once and in
   * order, ending after the terminal event (`done`/`error`), at once when that was at or before
   * `afterSeq`, or when `signal` aborts. Works from any process.
   */
  follow(runId: string, afterSeq: number, signal: AbortSignal): RunEventFollow;
}

export const RUN_EVENT_LOG = token<RunEventLog>('RunEventLog');
