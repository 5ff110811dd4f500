import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DocumentExtractionFailedError } from '../../core/domain/knowledge/knowledge-upload.errors';
import { DocumentExtractionLimits } from './document-extraction-limits';
import { EXTRACTION_WORKER_SOURCE, ExtractionAnswer, ExtractionJob, ExtractionWorkerData, ExtractionWorkerModules } from './extraction-worker-source';

/**
 * Runs each extraction in a fresh worker thread with a capped heap and a wall-clock deadline, at
 * most `maxConcurrent` at a time: a hostile file can exhaust or stall its own worker, never the
 * API's event loop. A fresh worker per file costs tens of milliseconds and leaves nothing behind.
 */
export class ExtractionWorkers {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly modules: ExtractionWorkerModules = resolveModules();

  constructor(private readonly limits: DocumentExtractionLimits) {}

  async run(job: ExtractionJob): Promise<ExtractionAnswer> {
    await this.acquire();
    try {
      return await this.runInWorker(job);
    } finally {
      this.release();
    }
  }

  private runInWorker(job: ExtractionJob): Promise<ExtractionAnswer> {
    const workerData: ExtractionWorkerData = { job, modules: this.modules };
    const worker = new Worker(EXTRACTION_WORKER_SOURCE, {
      eval: true,
      workerData,
      env: {},
      resourceLimits: { maxOldGenerationSizeMb: this.limits.workerHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    return new Promise<ExtractionAnswer>((resolve, reject) => {
      let settled = false;
      const finish = (outcome: () => void): void => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        void worker.terminate();
        outcome();
      };
      const fail = (why: string) => finish(() => reject(new DocumentExtractionFailedError(why)));
      const deadline = setTimeout(() => fail(`timed out after ${formatSeconds(this.limits.timeoutMs)}`), this.limits.timeoutMs);
      worker.once('message', (answer: ExtractionAnswer) => finish(() => resolve(answer)));
      worker.once('error', (error: Error & { code?: string }) =>
        fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'the document needs too much memory' : 'the extractor crashed'),
      );
      worker.once('exit', () => fail('the extractor stopped unexpectedly'));
    });
  }

  private async acquire(): Promise<void> {
    while (this.running >= this.limits.maxConcurrent) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
  }

  private release(): void {
    this.running -= 1;
    this.waiting.shift()?.();
  }
}

/** The worker cannot resolve packages relative to this file (it is evaluated code): the host does. */
function resolveModules(): ExtractionWorkerModules {
  return {
    pdfjs: pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href,
    pdfjsWorker: pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs')).href,
    mammoth: require.resolve('mammoth'),
    htmlToText: require.resolve('html-to-text'),
  };
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
