const MAX_DEPTH = 64;

/**
 * The canonical JSON text of a value (RFC 8785, JCS): object keys sorted by UTF-16 code
 * units, no whitespace, strings and numbers as ECMAScript's JSON.stringify writes them.
 * So whoever re-indents or re-orders a manifest still gets the same signed bytes.
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) throw new RangeError(`The JSON is nested deeper than ${MAX_DEPTH} levels`);
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('JSON has no representation for a non-finite number');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item, depth + 1)).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key], depth + 1)}`);
    return `{${entries.join(',')}}`;
  }
  throw new TypeError(`JSON has no representation for a ${typeof value}`);
}
