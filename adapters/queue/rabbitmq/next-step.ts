/** Longest back-off; it also bounds how many delay queues a job type can have. */
export const MAX_RETRY_DELAY_MS = 3_600_000;

export type NextStep = { kind: 'retry'; attempt: number; delayMs: number } | { kind: 'dead' };

/**
 * What follows a failed attempt, whether the handler threw or the consumer died holding the job:
 * another attempt after an exponential back-off, or the dead-letter queue once `maxAttempts` are spent.
 */
export function nextStep(failedAttempt: number, maxAttempts: number, retryBaseMs: number): NextStep {
  if (failedAttempt >= maxAttempts) return { kind: 'dead' };
  const delayMs = Math.min(retryBaseMs * 2 ** (failedAttempt - 1), MAX_RETRY_DELAY_MS);
  return { kind: 'retry', attempt: failedAttempt + 1, delayMs };
}
