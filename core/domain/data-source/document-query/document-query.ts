import { JsonObject, JsonValue } from '../../../shared/json';
import { invalidQuery as invalid } from './invalid-query';
import { compileFilter, DocumentPredicate } from './document-filter';
import { CompileRegex } from './regex-matcher';
import { compileProjection, DocumentProjection } from './document-projection';
import { compileSort, DocumentComparator } from './document-sort';
import { isObject } from './document-path';

export const COLLECTION_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/;

/**
 * The JSON text a `document` data source takes as its query:
 * `{"collection": "orders", "filter": {...}, "projection": {...}, "sort": {...}, "limit": 20, "skip": 0}`.
 */
export interface DocumentQuery {
  collection: string;
  matches: DocumentPredicate;
  project: DocumentProjection;
  compare?: DocumentComparator;
  /** Undefined: as many as the row cap allows. */
  limit?: number;
  skip: number;
}

const KEYS = new Set(['collection', 'filter', 'projection', 'sort', 'limit', 'skip']);
export const MAX_SKIP = 5_000;

/** Parses and compiles a document query; every malformed part is a `DataSourceValidationError`. */
export function parseDocumentQuery(text: string, compileRegex: CompileRegex): DocumentQuery {
  let raw: JsonValue;
  try {
    raw = JSON.parse(text) as JsonValue;
  } catch {
    throw invalid('query', 'must be a JSON object such as {"collection": "orders", "filter": {"status": "paid"}}');
  }
  if (!isObject(raw)) throw invalid('query', 'must be a JSON object');
  const unknown = Object.keys(raw).find((key) => !KEYS.has(key));
  if (unknown !== undefined) throw invalid(`query.${unknown}`, 'is not a query field (collection, filter, projection, sort, limit, skip)');
  return {
    collection: collectionOf(raw),
    matches: compileFilter(raw.filter, compileRegex),
    project: compileProjection(raw.projection),
    compare: compileSort(raw.sort),
    limit: count(raw, 'limit', 1, Number.MAX_SAFE_INTEGER),
    skip: count(raw, 'skip', 0, MAX_SKIP) ?? 0,
  };
}

function collectionOf(raw: JsonObject): string {
  const collection = raw.collection;
  if (typeof collection !== 'string' || !COLLECTION_NAME.test(collection)) {
    throw invalid('query.collection', 'must be 1 to 64 letters, digits, "_", "." or "-"');
  }
  return collection;
}

function count(raw: JsonObject, key: 'limit' | 'skip', min: number, max: number): number | undefined {
  const value = raw[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(`query.${key}`, `must be an integer from ${min} to ${max}`);
  }
  return value;
}
