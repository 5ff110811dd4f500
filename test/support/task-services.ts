import { createContainer } from '../../adapters/composition/create-container';
import { Container } from 'inversify';
import { CryptoIdGenerator } from '../../adapters/system/crypto-id-generator';
import { Clock, CLOCK } from '../../core/ports/clock.port';
import { ID_GENERATOR } from '../../core/ports/id-generator.port';
import { RepeatingTask, Timers, TIMERS } from '../../core/ports/timers.port';
import { GoalManager } from '../../core/services/goals/goal-manager.service';
import { TaskManager } from '../../core/services/tasks/task-manager.service';
import { NotificationInbox } from '../../core/services/notifications/notification-inbox.service';
import { TestStorage } from './test-database';

/** Moves one millisecond on at every reading, so records made in a row never share a timestamp. */
export class TickingClock implements Clock {
  private current: number;

  constructor(start = '2024-03-01T09:00:00.000Z') {
    this.current = Date.parse(start);
  }

  now(): Date {
    this.current += 1;
    return new Date(this.current);
  }

  /** Jumps `ms` milliseconds ahead, as if that much time had passed. */
  advance(ms: number): void {
    this.current += ms;
  }
}

/** Timers on the ticking clock: a sleep moves the clock on by its length at once; repeating ticks are kept for the test to fire. */
export class ClockTimers implements Timers {
  readonly sleeps: number[] = [];
  readonly ticks: Array<() => Promise<void>> = [];

  constructor(private readonly clock: TickingClock) {}

  every(_intervalMs: number, tick: () => Promise<void>): RepeatingTask {
    this.ticks.push(tick);
    return {
      stop: () => {
        this.ticks.splice(this.ticks.indexOf(tick), 1);
        return Promise.resolve();
      },
    };
  }

  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.clock.advance(ms);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export interface TaskServices {
  container: Container;
  tasks: TaskManager;
  goals: GoalManager;
  inbox: NotificationInbox;
  clock: TickingClock;
  timers: ClockTimers;
}

/** The goal and task use cases wired as the composition root wires them, over a test storage. */
export function createTaskServices(storage: TestStorage): TaskServices {
  const container = createContainer();
  const clock = new TickingClock();
  container.bind(CLOCK).toConstantValue(clock);
  container.bind(ID_GENERATOR).toConstantValue(new CryptoIdGenerator());
  const timers = new ClockTimers(clock);
  container.bind(TIMERS).toConstantValue(timers);
  container.loadSync(storage.module);
  return { container, tasks: container.get(TaskManager), goals: container.get(GoalManager), inbox: container.get(NotificationInbox), clock, timers };
}
