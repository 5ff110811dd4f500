import { JSONPath } from 'jsonpath-plus';
import { JsonPathRefusedError, MAX_JSON_PATH_CHARS } from '../../core/domain/workflow/json-path';
import { JsonPathQuery } from '../../core/ports/json-path-query.port';
import { JsonValue } from '../../core/shared/json';

/** `..` visits every node below; two of them nest (every match of the first is searched again). */
const MAX_DESCENTS = 1;
/** Unions multiply: `$[0,0,0][0,0,0]` walks 9 paths; their product is capped. */
const MAX_UNION_PATHS = 100;
const MAX_MATCHES = 10_000;
/** jsonpath-plus caches every path it parses, forever: the cache is emptied past this many. */
const MAX_CACHED_PATHS = 1_000;

class TooManyMatches extends Error {}

/**
 * JSONPath through jsonpath-plus with evaluation disabled (`eval: false`: a filter or script
 * expression throws rather than runs), after a check that bounds what the path can cost.
 */
export class JsonPathPlusJsonPathQuery implements JsonPathQuery {
  select(path: string, document: JsonValue): JsonValue {
    try {
      checkCost(path);
      let matches = 0;
      const countMatch = (): void => {
        matches += 1;
        if (matches > MAX_MATCHES) throw new TooManyMatches();
      };
      const result: unknown = JSONPath({ path, json: document as object, eval: false, wrap: false, resultType: 'value', callback: countMatch });
      return result === undefined ? null : (result as JsonValue);
    } catch (error) {
      if (error instanceof JsonPathRefusedError) throw error;
      if (error instanceof TooManyMatches) throw new JsonPathRefusedError(path, `it matches more than ${MAX_MATCHES} values`);
      throw new JsonPathRefusedError(path, 'it is not a JSONPath this engine can evaluate');
    } finally {
      if (Object.keys(JSONPath.cache as object).length > MAX_CACHED_PATHS) JSONPath.cache = {};
    }
  }
}

function checkCost(path: string): void {
  if (path.length === 0 || path.length > MAX_JSON_PATH_CHARS || !path.startsWith('$')) {
    throw new JsonPathRefusedError(path, `it must start with $ and be at most ${MAX_JSON_PATH_CHARS} characters`);
  }
  const segments = JSONPath.toPathArray(path);
  if (segments.some((segment) => segment.startsWith('?(') || segment.startsWith('('))) {
    throw new JsonPathRefusedError(path, 'filter and script expressions are not supported');
  }
  if (segments.filter((segment) => segment === '..').length > MAX_DESCENTS) {
    throw new JsonPathRefusedError(path, `it may hold at most ${MAX_DESCENTS} recursive descent (..)`);
  }
  const unionPaths = segments.reduce((product, segment) => product * segment.split(',').length, 1);
  if (unionPaths > MAX_UNION_PATHS) throw new JsonPathRefusedError(path, `its unions may name at most ${MAX_UNION_PATHS} paths together`);
}
