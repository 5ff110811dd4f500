import { JsonObject, JsonValue } from '../../../shared/json';
import { invalidQuery as invalid } from './invalid-query';
import { isObject, parsePath } from './document-path';

export type DocumentProjection = (document: JsonObject) => JsonObject;

const MAX_FIELDS = 100;

/**
 * `{a: 1, 'b.c': 1}` keeps only those fields, `{a: 0}` drops them; `_id` is kept unless
 * `_id: 0`. Inclusion and exclusion do not mix (except for `_id`), as in MongoDB.
 */
export function compileProjection(projection: JsonValue | undefined): DocumentProjection {
  if (projection === undefined || projection === null) return (document) => document;
  if (!isObject(projection)) throw invalid('projection', 'must be an object of field: 1 or field: 0');
  const entries = Object.entries(projection);
  if (entries.length > MAX_FIELDS) throw invalid('projection', `names more than ${MAX_FIELDS} fields`);
  const fields = entries.map(([path, flag]) => {
    const segments = parsePath(path);
    if (!segments) throw invalid(`projection.${path}`, 'is not a valid field path');
    if (flag !== 0 && flag !== 1 && flag !== true && flag !== false) throw invalid(`projection.${path}`, 'must be 1, 0, true or false');
    return { path, segments, include: flag === 1 || flag === true };
  });
  const dropId = fields.some((f) => f.path === '_id' && !f.include);
  const others = fields.filter((f) => f.path !== '_id');
  const including = others.some((f) => f.include);
  if (including && others.some((f) => !f.include)) throw invalid('projection', 'cannot mix inclusion and exclusion');
  if (including) {
    const keep = others.map((f) => f.segments);
    return (document) => {
      const out: JsonObject = {};
      if (!dropId && document._id !== undefined) out._id = document._id;
      for (const segments of keep) copyPath(document, out, segments);
      return out;
    };
  }
  const drop = fields.filter((f) => !f.include).map((f) => f.segments);
  return (document) => {
    const out = structuredCopy(document);
    for (const segments of drop) removePath(out, segments);
    return out;
  };
}

function copyPath(from: JsonValue, to: JsonObject, segments: string[]): void {
  const [head, ...rest] = segments;
  if (!isObject(from) || !Object.prototype.hasOwnProperty.call(from, head)) return;
  const value = from[head];
  if (rest.length === 0) {
    to[head] = value;
  } else if (Array.isArray(value)) {
    const existing = Array.isArray(to[head]) ? (to[head] as JsonValue[]) : [];
    to[head] = value
      .map((element, i) => {
        if (!isObject(element)) return undefined;
        const target = isObject(existing[i]) ? (existing[i] as JsonObject) : {};
        copyPath(element, target, rest);
        return target;
      })
      .filter((element): element is JsonObject => element !== undefined);
  } else if (isObject(value)) {
    const target = isObject(to[head]) ? (to[head] as JsonObject) : {};
    copyPath(value, target, rest);
    to[head] = target;
  }
}

function removePath(value: JsonValue, segments: string[]): void {
  const [head, ...rest] = segments;
  if (Array.isArray(value)) {
    for (const element of value) removePath(element, segments);
    return;
  }
  if (!isObject(value) || !Object.prototype.hasOwnProperty.call(value, head)) return;
  if (rest.length === 0) delete value[head];
  else removePath(value[head], rest);
}

function structuredCopy(document: JsonObject): JsonObject {
  return JSON.parse(JSON.stringify(document)) as JsonObject;
}
