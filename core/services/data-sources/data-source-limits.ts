/** Bounds on data-source work; a caller's own values are clamped into them. */
export const DATA_SOURCE_LIMITS = {
  defaultMaxRows: 100,
  maxRows: 1000,
  /** JSON characters of one answer; past it the rows are cut and the answer is `truncated`. */
  maxResultChars: 2_000_000,
  defaultTimeoutMs: 10_000,
  maxTimeoutMs: 30_000,
  minTimeoutMs: 100,
  maxParams: 100,
  /** Documents per insert call. */
  maxInsert: 1000,
  /** JSON characters of one stored document (fits a MySQL TEXT column in utf8mb4). */
  maxDocumentChars: 16_000,
  documentsPerCollection: 20_000,
  /** Documents read from storage per batch during a document query. */
  scanBatch: 500,
};

export function clamp(value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(Math.max(Math.floor(value), min), max);
}
