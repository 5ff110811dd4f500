/** Gives a slot back; calling it again does nothing. */
export type SlotRelease = () => void;

interface UserQueue {
  running: number;
  /** Calls waiting for one of this user's slots, first come first served. */
  waiting: Array<(release: SlotRelease) => void>;
}

/**
 * How many sandbox calls each user has running at once. Past `perUser`, a call waits for one of
 * that user's own calls to end, at most `waitMs`, so one user's burst cannot occupy every worker
 * while other users' calls queue behind it. Only users with calls running or waiting are kept.
 */
export class UserSlots {
  private readonly users = new Map<string, UserQueue>();

  constructor(
    readonly perUser: number,
    readonly waitMs: number,
  ) {}

  /** A slot at once, or undefined when the user's are all taken (no await on the common path). */
  tryAcquire(user: string): SlotRelease | undefined {
    const queue = this.users.get(user) ?? { running: 0, waiting: [] };
    if (queue.running >= this.perUser) return undefined;
    queue.running += 1;
    this.users.set(user, queue);
    return this.releaserFor(user, queue);
  }

  /** A slot as soon as one of the user's frees up; undefined after `waitMs`, or at once when `signal` aborts. */
  acquire(user: string, signal?: AbortSignal): Promise<SlotRelease | undefined> {
    const now = this.tryAcquire(user);
    if (now) return Promise.resolve(now);
    if (signal?.aborted) return Promise.resolve(undefined);
    const queue = this.users.get(user) as UserQueue;
    return new Promise((resolve) => {
      const give = (release: SlotRelease | undefined) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', giveUp);
        resolve(release);
      };
      const giveUp = () => {
        const index = queue.waiting.indexOf(give);
        if (index >= 0) queue.waiting.splice(index, 1);
        this.forgetIdle(user, queue);
        give(undefined);
      };
      const timer = setTimeout(giveUp, this.waitMs);
      signal?.addEventListener('abort', giveUp, { once: true });
      queue.waiting.push(give);
    });
  }

  /** Calls of `user` running now. */
  running(user: string): number {
    return this.users.get(user)?.running ?? 0;
  }

  private releaserFor(user: string, queue: UserQueue): SlotRelease {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.waiting.shift();
      // The slot passes straight to the next waiter, so a new call cannot overtake one that waited.
      if (next) next(this.releaserFor(user, queue));
      else {
        queue.running -= 1;
        this.forgetIdle(user, queue);
      }
    };
  }

  private forgetIdle(user: string, queue: UserQueue): void {
    if (queue.running === 0 && queue.waiting.length === 0 && this.users.get(user) === queue) this.users.delete(user);
  }
}
