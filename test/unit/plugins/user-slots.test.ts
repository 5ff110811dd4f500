import { SlotRelease, UserSlots } from '../../../plugins/kernel/sandbox/user-slots';

const WAIT_MS = 2000;

/** Settles a promise's pending callbacks without moving the fake clock. */
const settled = <T>(promise: Promise<T>) => {
  let value: { done: boolean; result?: T } = { done: false };
  promise.then((result) => (value = { done: true, result }));
  return () => value;
};

describe('UserSlots: per-user concurrency in the sandbox pool', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const fill = (slots: UserSlots, user: string, count: number): SlotRelease[] =>
    Array.from({ length: count }, () => {
      const release = slots.tryAcquire(user);
      if (!release) throw new Error('expected a free slot');
      return release;
    });

  it('When a user has 4 calls running, Then a 5th waits and fails after the wait, while another user’s call proceeds at once', async () => {
    const slots = new UserSlots(4, WAIT_MS);
    fill(slots, 'ada', 4);

    const fifth = settled(slots.acquire('ada'));
    const bobs = slots.tryAcquire('bob');
    await jest.advanceTimersByTimeAsync(WAIT_MS - 1);
    expect(fifth().done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);

    expect(fifth()).toEqual({ done: true, result: undefined });
    expect(bobs).toEqual(expect.any(Function));
    expect(slots.running('ada')).toBe(4);
    expect(slots.running('bob')).toBe(1);
  });

  it('When one of the user’s calls ends while a 5th waits, Then the waiting call gets its slot, before any newcomer', async () => {
    const slots = new UserSlots(4, WAIT_MS);
    const [first] = fill(slots, 'ada', 4);

    const waiting = settled(slots.acquire('ada'));
    await jest.advanceTimersByTimeAsync(500);
    first();
    await jest.advanceTimersByTimeAsync(0);

    expect(waiting()).toEqual({ done: true, result: expect.any(Function) });
    expect(slots.tryAcquire('ada')).toBeUndefined();
    expect(slots.running('ada')).toBe(4);
  });

  it('When a waiting call is cancelled, Then it stops waiting at once and takes no slot', async () => {
    const slots = new UserSlots(1, WAIT_MS);
    const [only] = fill(slots, 'ada', 1);
    const cancel = new AbortController();

    const waiting = settled(slots.acquire('ada', cancel.signal));
    cancel.abort();
    await jest.advanceTimersByTimeAsync(0);
    only();

    expect(waiting()).toEqual({ done: true, result: undefined });
    expect(slots.running('ada')).toBe(0);
  });

  it('When every call of a user has ended, Then the user is forgotten and a release given twice frees one slot only', () => {
    const slots = new UserSlots(2, WAIT_MS);
    const [first, second] = fill(slots, 'ada', 2);

    first();
    first();
    expect(slots.running('ada')).toBe(1);
    second();

    expect(slots.running('ada')).toBe(0);
    expect((slots as unknown as { users: Map<string, unknown> }).users.size).toBe(0);
  });
});
