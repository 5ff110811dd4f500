import { RepeatingTask, Timers } from '../../core/ports/timers.port';

/** Node's timers, unref'd so that no lease heartbeat or wait keeps a process alive. */
export class NodeTimers implements Timers {
  every(intervalMs: number, tick: () => Promise<void>): RepeatingTask {
    let running: Promise<void> | undefined;
    const timer = setInterval(() => {
      if (running) return;
      running = tick().finally(() => {
        running = undefined;
      });
    }, intervalMs);
    timer.unref();
    return {
      stop: async () => {
        clearInterval(timer);
        await running?.catch(() => undefined);
      },
    };
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
