import { JsonObject, JsonValue } from '../../../shared/json';
import { invalidQuery as invalid } from './invalid-query';
import { compareJson } from './json-order';
import { isObject, parsePath, valuesAt } from './document-path';

export type DocumentComparator = (a: JsonObject, b: JsonObject) => number;

const MAX_SORT_KEYS = 5;

/**
 * `{field: 1 | -1, …}`, keys applied in order. A field reached through an array sorts by
 * the first value reached; a missing field sorts as null (first when ascending).
 */
export function compileSort(sort: JsonValue | undefined): DocumentComparator | undefined {
  if (sort === undefined || sort === null) return undefined;
  if (!isObject(sort)) throw invalid('sort', 'must be an object of field: 1 or field: -1');
  const entries = Object.entries(sort);
  if (entries.length === 0) return undefined;
  if (entries.length > MAX_SORT_KEYS) throw invalid('sort', `has more than ${MAX_SORT_KEYS} keys`);
  const keys = entries.map(([path, direction]) => {
    const segments = parsePath(path);
    if (!segments) throw invalid(`sort.${path}`, 'is not a valid field path');
    if (direction !== 1 && direction !== -1) throw invalid(`sort.${path}`, 'must be 1 or -1');
    return { segments, direction };
  });
  return (a, b) => {
    for (const { segments, direction } of keys) {
      const order = compareJson(valuesAt(a, segments)[0], valuesAt(b, segments)[0]);
      if (order !== 0) return order * direction;
    }
    return 0;
  };
}
