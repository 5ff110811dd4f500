/** Runs a callback later; returns a function that cancels it. Injected so tests control time. */
export type Scheduler = (callback: () => void, delayMs: number) => () => void;

export const timerScheduler: Scheduler = (callback, delayMs) => {
  const timer = setTimeout(callback, delayMs);
  return () => clearTimeout(timer);
};
