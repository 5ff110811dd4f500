import { token } from '../shared/token';

/** A repeating task started by `Timers.every`. */
export interface RepeatingTask {
  /** Stops repeating and waits for a tick in progress. */
  stop(): Promise<void>;
}

/** Waiting and repeating; the core never calls `setTimeout` or `setInterval` itself. */
export interface Timers {
  /**
   * Calls `tick` every `intervalMs`, the first time one interval from now. A tick still
   * running when the next is due makes that one be skipped; a tick that throws is the
   * caller's to catch. Never keeps the process alive on its own.
   */
  every(intervalMs: number, tick: () => Promise<void>): RepeatingTask;
  /** Resolves after `ms`, or as soon as `signal` is aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const TIMERS = token<Timers>('Timers');
