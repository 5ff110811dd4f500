/** Exponential back-off: `baseMs` before the 2nd attempt, doubling for each one after. */
export function retryDelayMs(failedAttempt: number, baseMs: number): number {
  return baseMs * 2 ** (failedAttempt - 1);
}
