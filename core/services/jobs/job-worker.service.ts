import { injectable, multiInject, inject } from 'inversify';
import { JOB_QUEUE, JobQueue, Subscription } from '../../ports/job-queue.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { JOB_HANDLER, JobHandler } from './job-handler';

/** Consumes every registered job type from the queue until stopped. */
@injectable()
export class JobWorker {
  private subscriptions: Subscription[] = [];

  constructor(
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @multiInject(JOB_HANDLER) private readonly handlers: JobHandler[],
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async start(concurrency = 4): Promise<void> {
    for (const handler of this.handlers) {
      const subscription = await this.queue.consume(
        handler.type,
        async (job) => {
          try {
            await handler.handle(job);
          } catch (error) {
            this.logger.warn({ jobType: job.type, jobId: job.id, attempt: job.attempt, err: error }, 'job failed; it will be retried');
            throw error;
          }
        },
        { concurrency },
      );
      this.subscriptions.push(subscription);
    }
    this.logger.info({ types: this.handlers.map((h) => h.type) }, 'job worker consuming');
  }

  /** Stops taking jobs and waits for the ones in hand. */
  async stop(): Promise<void> {
    const subscriptions = this.subscriptions;
    this.subscriptions = [];
    await Promise.all(subscriptions.map((s) => s.close()));
  }
}
