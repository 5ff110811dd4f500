import { injectable } from 'inversify';
import { RunControl } from './run-control';

/**
 * The executions this process is running, so that a pause or cancel arriving here reaches the
 * run at once. Only a shortcut: the stored record is the truth, and runs in other processes
 * learn of it at their next heartbeat or step.
 */
@injectable()
export class RunningExecutions {
  private readonly runs = new Map<string, { control: RunControl; done: Promise<unknown> }>();

  /** Runs `work` under a new control registered for `executionId` until it settles. */
  async track<T>(executionId: string, outer: AbortSignal | undefined, work: (control: RunControl) => Promise<T>): Promise<T> {
    const control = new RunControl(outer);
    const done = work(control);
    this.runs.set(executionId, { control, done });
    try {
      return await done;
    } finally {
      if (this.runs.get(executionId)?.done === done) this.runs.delete(executionId);
    }
  }

  cancel(executionId: string): void {
    this.runs.get(executionId)?.control.stop('cancelled');
  }

  requestPause(executionId: string): void {
    this.runs.get(executionId)?.control.requestPause();
  }

  withdrawPause(executionId: string): void {
    this.runs.get(executionId)?.control.withdrawPause();
  }

  /**
   * Stops every run for a shutdown and waits for them to settle. Their records stay as they are
   * (`running`, leased by this process): once the lease expires, another process takes them back.
   */
  async shutdown(): Promise<void> {
    const runs = [...this.runs.values()];
    for (const run of runs) run.control.stop('shutdown');
    await Promise.all(runs.map((run) => run.done.catch(() => undefined)));
  }
}
