import { JsonValue } from '../shared/json';
import { token } from '../shared/token';

/**
 * Selects values from a JSON document with a JSONPath expression written by a user, evaluated in
 * this process, so only expressions of bounded cost run: no filter or script expressions (`?()`,
 * `()`), at most one recursive descent (`..`), few unions, a cap on the matches.
 */
export interface JsonPathQuery {
  /**
   * What `path` selects in `document`: the value itself when the path names one place
   * (`$.a.b`), an array of the matches when it can name several (`[*]`, `..`, a union or a
   * slice), and null when nothing matches. Throws `JsonPathRefusedError` for a malformed or
   * refused path, or one with more matches than the cap.
   */
  select(path: string, document: JsonValue): JsonValue;
}

export const JSON_PATH_QUERY = token<JsonPathQuery>('JsonPathQuery');
