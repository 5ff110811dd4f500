import { InProcessJobQueue } from '../../../adapters/queue/inprocess/in-process-job-queue';
import { describeJobQueueContract } from '../ports/job-queue.contract';

describeJobQueueContract('InProcessJobQueue', async ({ maxAttempts, retryBaseMs, prefetch }) => {
  const queue = new InProcessJobQueue({ maxAttempts, retryBaseMs, defaultConcurrency: prefetch });
  return { queue, dispose: () => queue.close() };
});
