import { JsonValue } from '../../shared/json';

/**
 * What an execution record keeps of the run, bounded so a record always fits one database
 * write (MariaDB's default packet is 16 MiB) however much the nodes produced.
 */
export const RECORD_LIMITS = {
  /** The run's output. */
  outputChars: 1_000_000,
  /** All step outputs together; each step gets an equal share, at most `stepOutputChars`. */
  stepsChars: 2_000_000,
  stepOutputChars: 64_000,
} as const;

const CUT_MARKER = ' …[truncated]';

/** The value, or when its JSON is longer than `maxChars`, that JSON cut to `maxChars` (a string ending in a marker). */
export function clipJson(value: JsonValue, maxChars: number): JsonValue {
  const json = JSON.stringify(value);
  if (json.length <= maxChars) return value;
  const marker = maxChars > CUT_MARKER.length * 2 ? CUT_MARKER : '';
  let end = Math.max(0, maxChars - marker.length);
  // Never split a surrogate pair.
  const code = json.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return json.slice(0, end) + marker;
}

/** The share of the steps budget one of `stepCount` step outputs may use. */
export function stepOutputChars(stepCount: number): number {
  return Math.min(RECORD_LIMITS.stepOutputChars, Math.floor(RECORD_LIMITS.stepsChars / Math.max(1, stepCount)));
}
