import { Clock } from '../../core/ports/clock.port';
import { Logger } from '../../core/ports/logger.port';
import { ScheduleTicker } from '../../core/services/schedules/schedule-ticker.service';

/**
 * Drives the `ScheduleTicker`: one tick on start (so runs missed while the process was down
 * fire at once), then one every `intervalMs`. A tick still running when the next is due makes
 * that one be skipped, never overlap. The timer is unref'd, so the loop alone keeps no
 * process alive; errors are logged, never thrown. Every process may run one: the ticker's
 * conditional claim keeps a slot from firing twice.
 */
export class SchedulerLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly ticker: Pick<ScheduleTicker, 'tick'>,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly intervalMs: number,
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
      const fired = await this.ticker.tick(this.clock.now());
      if (fired > 0) this.logger.info({ fired }, 'schedules fired');
    } catch (error) {
      this.logger.error({ err: error }, 'schedule tick failed');
    }
  }
}
