/**
 * Decides which database work may run side by side. SQLite has one connection, so a
 * transaction there owns the whole database until it ends; MySQL has a pool, so work
 * needs no gate at all.
 */
export interface ConnectionGate {
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

/** A FIFO async mutex: each piece of work starts once the previous one has settled. */
export class SerialGate implements ConnectionGate {
  private tail: Promise<unknown> = Promise.resolve();

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

export class OpenGate implements ConnectionGate {
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }
}
