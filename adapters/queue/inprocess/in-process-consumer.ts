import { Job, JobHandler, Subscription } from '../../../core/ports/job-queue.port';

/** One consumer of one job type: runs up to `concurrency` jobs at once and reports each outcome. */
export class InProcessConsumer implements Subscription {
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly handler: JobHandler,
    private readonly concurrency: number,
    private readonly onSettled: (job: Job, error: unknown) => void,
    private readonly onClosed: (consumer: InProcessConsumer) => void,
  ) {}

  get hasCapacity(): boolean {
    return !this.closed && this.inFlight.size < this.concurrency;
  }

  take(job: Job): void {
    // The handler gets its own copy, as a broker delivery would: mutating it cannot leak into a retry.
    const delivery: Job = { ...job, payload: structuredClone(job.payload) };
    const run = Promise.resolve()
      .then(() => this.handler(delivery))
      .then(
        () => undefined,
        (error: unknown) => error ?? new Error('job handler rejected without a reason'),
      )
      .then((error) => {
        this.inFlight.delete(run);
        this.onSettled(job, error);
      });
    this.inFlight.add(run);
  }

  async close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.onClosed(this);
    }
    while (this.inFlight.size > 0) {
      await Promise.all([...this.inFlight]);
    }
  }
}
