/**
 * Runs work one at a time per key (a user's workspace changes, measured then made, must not
 * interleave). A key leaves the map as soon as its queue is empty, so the map stays as small
 * as the number of keys with work in flight.
 */
export class PerKeyQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
