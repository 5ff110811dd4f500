import { Clock } from '../../core/ports/clock.port';
import { Logger } from '../../core/ports/logger.port';

/** Work done on every tick of a `PeriodicLoop`; answers how many things it handled. */
export interface PeriodicWork {
  tick(now: Date): Promise<number>;
}

/** What the loop writes to the log: after a tick that handled something, and after a failed one. */
export interface PeriodicLoopMessages {
  /** The log field holding the count, e.g. `fired`. */
  countField: string;
  done: string;
  failed: string;
}

/**
 * Drives periodic work (the schedule ticker, the expiry sweep): one tick on start (so work
 * missed while the process was down is done at once), then one every `intervalMs`. A tick
 * still running when the next is due makes that one be skipped, never overlap. The timer is
 * unref'd, so the loop alone keeps no process alive; errors are logged, never thrown. Every
 * process may run one: the work itself must be safe to run from several processes.
 */
export class PeriodicLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly work: PeriodicWork,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly intervalMs: number,
    private readonly messages: PeriodicLoopMessages,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.runTick(), this.intervalMs);
    this.timer.unref();
    this.runTick();
  }

  /** Stops ticking and waits for a tick in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private runTick(): void {
    if (this.running) return;
    this.running = this.tickOnce().finally(() => {
      this.running = undefined;
    });
  }

  private async tickOnce(): Promise<void> {
    try {
      const handled = await this.work.tick(this.clock.now());
      if (handled > 0) this.logger.info({ [this.messages.countField]: handled }, this.messages.done);
    } catch (error) {
      this.logger.error({ err: error }, this.messages.failed);
    }
  }
}
