/**
 * Bounds of `iteration_limit`, which the spec leaves open. 50 model calls (each followed by
 * its tool calls) is far past what a useful run needs and still bounds the cost of one run.
 */
export const MIN_ITERATION_LIMIT = 1;
export const MAX_ITERATION_LIMIT = 50;
export const DEFAULT_ITERATION_LIMIT = 10;

export function isValidIterationLimit(value: number): boolean {
  return Number.isInteger(value) && value >= MIN_ITERATION_LIMIT && value <= MAX_ITERATION_LIMIT;
}
