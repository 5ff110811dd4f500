import { JsonValue } from '../../../shared/json';

export const MAX_PATH_SEGMENTS = 20;
const MAX_PATH_CHARS = 256;

/** A dotted field path (`customer.address.city`) split into segments, or undefined when it is not one. */
export function parsePath(path: string): string[] | undefined {
  if (path.length === 0 || path.length > MAX_PATH_CHARS || path.startsWith('$')) return undefined;
  const segments = path.split('.');
  if (segments.length > MAX_PATH_SEGMENTS || segments.some((s) => s.length === 0)) return undefined;
  return segments;
}

/**
 * Every value the path reaches, MongoDB style: through an array the remaining path is
 * applied to each object element, and a numeric segment also indexes the array
 * (`items.0.sku`). Empty when the path reaches nothing. Own keys only.
 */
export function valuesAt(value: JsonValue, segments: readonly string[], from = 0): JsonValue[] {
  if (from === segments.length) return [value];
  const segment = segments[from];
  if (Array.isArray(value)) {
    const out: JsonValue[] = [];
    if (/^\d+$/.test(segment) && Number(segment) < value.length) out.push(...valuesAt(value[Number(segment)], segments, from + 1));
    for (const element of value) {
      if (isObject(element)) out.push(...valuesAt(element, segments, from));
    }
    return out;
  }
  if (isObject(value) && Object.prototype.hasOwnProperty.call(value, segment)) return valuesAt(value[segment], segments, from + 1);
  return [];
}

/** The values a comparison looks at: each value reached, and the elements of those that are arrays. */
export function candidatesAt(value: JsonValue, segments: readonly string[]): JsonValue[] {
  const out: JsonValue[] = [];
  for (const reached of valuesAt(value, segments)) {
    out.push(reached);
    if (Array.isArray(reached)) out.push(...reached);
  }
  return out;
}

export function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
