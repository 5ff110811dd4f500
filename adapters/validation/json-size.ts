import { JsonValue } from '../../core/shared/json';

/** JSON values in `value`, itself included (`{"a": [1, 2]}` holds 4), counted without recursion. */
export function jsonSize(value: JsonValue): number {
  return measureJson(value).size;
}

/** Size as {@link jsonSize}, and depth: 1 for a scalar, one more per enclosing array or object. */
export function measureJson(value: JsonValue): { size: number; depth: number } {
  let size = 0;
  let depth = 0;
  const stack: Array<[JsonValue, number]> = [[value, 1]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [current, level] = next;
    size += 1;
    depth = Math.max(depth, level);
    if (current !== null && typeof current === 'object') {
      for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, level + 1]);
    }
  }
  return { size, depth };
}
