import { token } from '../shared/token';

/**
 * Storage that keeps entries with an end (rate-limit windows, expiring key-value entries)
 * and deletes those that ended, so abandoned keys do not pile up. Safe to run from several
 * processes at once.
 */
export interface ExpiredStateSweeper {
  /** Deletes what ended at or before `now`; answers how many entries went. */
  sweepExpired(now: Date): Promise<number>;
}

/** Bound once per sweeper; the expiry sweep runs them all. */
export const EXPIRED_STATE_SWEEPER = token<ExpiredStateSweeper>('ExpiredStateSweeper');
