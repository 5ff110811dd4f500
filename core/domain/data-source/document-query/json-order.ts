import { JsonValue } from '../../../shared/json';

/** Equal JSON values: arrays element by element, objects key by key whatever the key order. */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && jsonEqual(a[key], b[key]));
}

/** Sort rank of each JSON type, as MongoDB orders them: missing and null, numbers, strings, objects, arrays, booleans. */
function rank(value: JsonValue | undefined): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number') return 1;
  if (typeof value === 'string') return 2;
  if (Array.isArray(value)) return 4;
  if (typeof value === 'object') return 3;
  return 5;
}

/** A total order over JSON values for `sort`: by type rank, then by value (objects and arrays by their JSON text). */
export function compareJson(a: JsonValue | undefined, b: JsonValue | undefined): number {
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a === undefined || a === null) return 0;
  const [left, right] = [JSON.stringify(a), JSON.stringify(b)];
  return left < right ? -1 : left > right ? 1 : 0;
}

/** `$gt` and friends compare numbers with numbers and strings with strings only (ISO dates are strings). */
export function comparable(a: JsonValue, b: JsonValue): boolean {
  return (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
}
