import { PeriodicLoop } from '../../../../adapters/scheduling/periodic-loop';
import { Clock } from '../../../../core/ports/clock.port';
import { Logger, LogFields } from '../../../../core/ports/logger.port';

const INTERVAL = 1000;

/** A ticker whose ticks finish only when the test says so. */
class FakeTicker {
  readonly calls: Date[] = [];
  private finishers: Array<(fired: number) => void> = [];
  failNext: Error | undefined;

  tick(now: Date): Promise<number> {
    this.calls.push(now);
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = undefined;
      return Promise.reject(error);
    }
    return new Promise((resolve) => this.finishers.push(resolve));
  }

  finish(fired = 0): void {
    this.finishers.shift()?.(fired);
  }

  finishAll(): void {
    while (this.finishers.length > 0) this.finish();
  }
}

class RecordingLogger implements Logger {
  readonly entries: Array<{ level: string; fields: LogFields; message: string }> = [];
  debug(fields: LogFields, message: string): void {
    this.entries.push({ level: 'debug', fields, message });
  }
  info(fields: LogFields, message: string): void {
    this.entries.push({ level: 'info', fields, message });
  }
  warn(fields: LogFields, message: string): void {
    this.entries.push({ level: 'warn', fields, message });
  }
  error(fields: LogFields, message: string): void {
    this.entries.push({ level: 'error', fields, message });
  }
}

const clock: Clock = { now: () => new Date(Date.now()) };

/** Lets settled promises run their callbacks. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('PeriodicLoop', () => {
  let ticker: FakeTicker;
  let logger: RecordingLogger;
  let loop: PeriodicLoop;

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00.000Z') });
    ticker = new FakeTicker();
    logger = new RecordingLogger();
    loop = new PeriodicLoop(ticker, clock, logger, INTERVAL, { countField: 'fired', done: 'schedules fired', failed: 'schedule tick failed' });
  });
  afterEach(async () => {
    ticker.finishAll();
    await loop.stop();
    jest.useRealTimers();
  });

  it('When started, Then it ticks at once with the clock’s time, then every interval', async () => {
    loop.start();
    expect(ticker.calls.map((d) => d.toISOString())).toEqual(['2030-01-01T00:00:00.000Z']);
    ticker.finish(2);
    await settle();
    jest.advanceTimersByTime(INTERVAL);
    ticker.finish();
    await settle();
    jest.advanceTimersByTime(INTERVAL);
    expect(ticker.calls.map((d) => d.toISOString())).toEqual(['2030-01-01T00:00:00.000Z', '2030-01-01T00:00:01.000Z', '2030-01-01T00:00:02.000Z']);
    expect(logger.entries).toEqual([{ level: 'info', fields: { fired: 2 }, message: 'schedules fired' }]);
  });

  it('When a tick outlasts several intervals, Then no tick overlaps it and ticking resumes after it', async () => {
    loop.start();
    jest.advanceTimersByTime(INTERVAL * 3);
    expect(ticker.calls).toHaveLength(1);
    ticker.finish();
    await settle();
    jest.advanceTimersByTime(INTERVAL);
    expect(ticker.calls).toHaveLength(2);
  });

  it('When stopped during a tick, Then stop resolves only after that tick and no tick follows', async () => {
    loop.start();
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    ticker.finish();
    await stopping;
    expect(stopped).toBe(true);
    jest.advanceTimersByTime(INTERVAL * 5);
    expect(ticker.calls).toHaveLength(1);
  });

  it('When a tick fails, Then the error is logged and the next interval ticks again', async () => {
    ticker.failNext = new Error('database gone');
    loop.start();
    await settle();
    expect(logger.entries).toEqual([{ level: 'error', fields: { err: new Error('database gone') }, message: 'schedule tick failed' }]);
    jest.advanceTimersByTime(INTERVAL);
    expect(ticker.calls).toHaveLength(2);
  });

  it('When started, Then its timer does not keep the process alive', () => {
    const spy = jest.spyOn(global, 'setInterval');
    loop.start();
    const timer = spy.mock.results[0].value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    spy.mockRestore();
  });

  it('When started twice, Then there is still one tick per interval', async () => {
    loop.start();
    loop.start();
    ticker.finish();
    await settle();
    jest.advanceTimersByTime(INTERVAL);
    expect(ticker.calls).toHaveLength(2);
  });
});
