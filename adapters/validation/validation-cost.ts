import { JsonValue } from '../../core/shared/json';
import { ValuePosition } from './untrusted-schema-cost-model';
import { MAX_UNIQUE_ITEMS } from './untrusted-schema-limits';

/**
 * What validating `value` against a schema's cost model would take, in the units of
 * `MAX_VALIDATION_COST`, walking the value without recursion. Counting stops as soon as it passes
 * `budget` (the result is then just above it), so pricing a huge value is itself cheap. Scalars
 * are priced in place rather than stacked: this walk must stay a small fraction of Ajv's own.
 */
export function validationCost(value: JsonValue, root: ValuePosition, budget: number): number {
  let cost = 0;
  const values: JsonValue[] = [value];
  const positions: ValuePosition[] = [root];
  while (values.length > 0 && cost <= budget) {
    const current = values.pop() as JsonValue;
    const position = positions.pop() as ValuePosition;
    if (current === null || typeof current !== 'object') {
      cost += scalarCost(current, position);
      continue;
    }
    cost += position.checks;
    if (Array.isArray(current)) {
      // Ajv compares pairs of items only up to `maxItems` (checked first): each item against those before it.
      if (position.uniqueItems) cost += Math.min(current.length, MAX_UNIQUE_ITEMS) * sizeUpTo(current, budget - cost);
      for (let index = 0; index < current.length && cost <= budget; index += 1) {
        const child = index < position.items.length ? position.items[index] : position.otherItems;
        if (!child) continue;
        const item = current[index];
        if (item === null || typeof item !== 'object') cost += scalarCost(item, child);
        else {
          values.push(item);
          positions.push(child);
        }
      }
      continue;
    }
    for (const key of Object.keys(current)) {
      cost += 1 + key.length * position.keyCharCost;
      if (position.propertyNames) cost += scalarCost(key, position.propertyNames);
      const child = position.properties.get(key) ?? position.otherProperties;
      if (child) {
        values.push(current[key]);
        positions.push(child);
      }
    }
  }
  return cost;
}

function scalarCost(value: string | number | boolean | null, position: ValuePosition): number {
  return position.checks + (typeof value === 'string' ? value.length * position.stringCharCost : 0);
}

/** JSON values in `value`, counted no further than `limit` + 1. */
function sizeUpTo(value: JsonValue, limit: number): number {
  let size = 0;
  const stack: JsonValue[] = [value];
  while (stack.length > 0 && size <= limit) {
    const next = stack.pop() as JsonValue;
    size += 1;
    if (next !== null && typeof next === 'object') for (const child of Array.isArray(next) ? next : Object.values(next)) stack.push(child);
  }
  return size;
}
