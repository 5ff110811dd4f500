/**
 * Why a run stopped before its end: cancelled (by a caller or its outer signal), paused at a
 * step boundary, lost (another process took the lease) or shut down with its process.
 */
export type StopReason = 'cancelled' | 'paused' | 'lost' | 'shutdown';

/**
 * The signals of one run in this process. `signal` aborts the run; `pauseSignal` also fires
 * when a pause is asked for, for modes whose steps all happen inside one call (the agent loop).
 */
export class RunControl {
  private readonly aborter = new AbortController();
  private pauser = new AbortController();
  private stoppedFor: StopReason | undefined;

  /** An aborted outer signal (the caller's) cancels the run. */
  constructor(outer?: AbortSignal) {
    if (outer?.aborted) this.stop('cancelled');
    else outer?.addEventListener('abort', () => this.stop('cancelled'), { once: true });
  }

  get signal(): AbortSignal {
    return this.aborter.signal;
  }

  get pauseSignal(): AbortSignal {
    return this.pauser.signal;
  }

  /** Set once the run has been told to stop; the first reason wins. */
  get reason(): StopReason | undefined {
    return this.stoppedFor;
  }

  stop(reason: StopReason): void {
    if (this.stoppedFor) return;
    this.stoppedFor = reason;
    this.aborter.abort();
    this.pauser.abort();
  }

  requestPause(): void {
    if (!this.stoppedFor) this.pauser.abort();
  }

  /** The pause was withdrawn (resumed before the run reached a step boundary). */
  withdrawPause(): void {
    if (!this.stoppedFor && this.pauser.signal.aborted) this.pauser = new AbortController();
  }
}
