import { JsonObject, JsonValue } from '../../../shared/json';
import { invalidQuery as invalid } from './invalid-query';
import { CompileRegex, RegexMatcher, regexFlags } from './regex-matcher';
import { StepBudget } from './step-budget';
import { comparable, compareJson, jsonEqual } from './json-order';
import { candidatesAt, isObject, parsePath, valuesAt } from './document-path';

export type DocumentPredicate = (document: JsonObject, budget?: StepBudget) => boolean;

export const FILTER_LIMITS = { maxDepth: 10, maxInValues: 1000, maxRegexChars: 256, maxClauses: 200 };

const COMPARISONS = new Set(['$gt', '$gte', '$lt', '$lte']);
const FIELD_OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists', '$regex', '$options']);

interface Context {
  clauses: number;
  compileRegex: CompileRegex;
}

/**
 * Compiles a MongoDB-style filter (the subset `$eq $ne $gt $gte $lt $lte $in $nin $exists
 * $and $or $regex`, dotted paths, implicit equality and array matching) into a predicate.
 * Malformed filters are refused up front with the offending location, never half-applied.
 * `$regex` patterns go to `compileRegex` (a linear-time engine); each test is charged to the
 * budget at the most it can cost.
 */
export function compileFilter(filter: JsonValue | undefined, compileRegex: CompileRegex): DocumentPredicate {
  if (filter === undefined || filter === null) return () => true;
  return compileDocument(filter, 'filter', 0, { clauses: 0, compileRegex });
}

function compileDocument(filter: JsonValue, where: string, depth: number, context: Context): DocumentPredicate {
  if (!isObject(filter)) throw invalid(where, 'must be an object');
  if (depth > FILTER_LIMITS.maxDepth) throw invalid(where, `nests deeper than ${FILTER_LIMITS.maxDepth} levels`);
  const parts = Object.entries(filter).map(([key, value]) => {
    context.clauses += 1;
    if (context.clauses > FILTER_LIMITS.maxClauses) throw invalid(where, `has more than ${FILTER_LIMITS.maxClauses} conditions`);
    if (key === '$and' || key === '$or') return compileLogical(key, value, `${where}.${key}`, depth, context);
    if (key.startsWith('$')) throw invalid(`${where}.${key}`, 'is not a supported top-level operator ($and, $or)');
    const segments = parsePath(key);
    if (!segments) throw invalid(`${where}.${key}`, 'is not a valid field path');
    return compileField(segments, value, `${where}.${key}`, context);
  });
  return (document, budget) => parts.every((part) => part(document, budget));
}

function compileLogical(op: '$and' | '$or', value: JsonValue, where: string, depth: number, context: Context): DocumentPredicate {
  if (!Array.isArray(value) || value.length === 0) throw invalid(where, 'must be a non-empty array of filters');
  const parts = value.map((item, i) => compileDocument(item, `${where}[${i}]`, depth + 1, context));
  return op === '$and' ? (d, b) => parts.every((p) => p(d, b)) : (d, b) => parts.some((p) => p(d, b));
}

function compileField(path: string[], condition: JsonValue, where: string, context: Context): DocumentPredicate {
  const operatorKeys = isObject(condition) ? Object.keys(condition).filter((k) => k.startsWith('$')) : [];
  if (!isObject(condition) || operatorKeys.length === 0) return (document) => matchesEqual(document, path, condition);
  if (operatorKeys.length !== Object.keys(condition).length) throw invalid(where, 'mixes operators with plain fields');
  const tests = Object.entries(condition)
    .filter(([op]) => op !== '$options')
    .map(([op, operand]) => compileOperator(path, op, operand, condition, `${where}.${op}`, context));
  if (tests.length === 0) throw invalid(where, '$options needs $regex');
  return (document, budget) => tests.every((test) => test(document, budget));
}

function compileOperator(path: string[], op: string, operand: JsonValue, siblings: JsonObject, where: string, context: Context): DocumentPredicate {
  if (!FIELD_OPERATORS.has(op)) throw invalid(where, 'is not a supported operator');
  switch (op) {
    case '$eq':
      return (document) => matchesEqual(document, path, operand);
    case '$ne':
      return (document) => !matchesEqual(document, path, operand);
    case '$in':
    case '$nin': {
      if (!Array.isArray(operand) || operand.length > FILTER_LIMITS.maxInValues) {
        throw invalid(where, `must be an array of at most ${FILTER_LIMITS.maxInValues} values`);
      }
      const any: DocumentPredicate = (document) => operand.some((value) => matchesEqual(document, path, value));
      return op === '$in' ? any : (document) => !any(document);
    }
    case '$exists': {
      if (typeof operand !== 'boolean') throw invalid(where, 'must be true or false');
      return (document) => valuesAt(document, path).length > 0 === operand;
    }
    case '$regex':
      return compileRegex(path, operand, siblings.$options, where, context.compileRegex);
    default: {
      if (typeof operand !== 'number' && typeof operand !== 'string') throw invalid(where, 'must be a number or a string');
      return (document) => candidatesAt(document, path).some((value) => comparable(value, operand) && ordered(op, compareJson(value, operand)));
    }
  }
}

function compileRegex(path: string[], pattern: JsonValue, options: JsonValue | undefined, where: string, compile: CompileRegex): DocumentPredicate {
  if (typeof pattern !== 'string' || pattern.length > FILTER_LIMITS.maxRegexChars) {
    throw invalid(where, `must be a pattern of at most ${FILTER_LIMITS.maxRegexChars} characters`);
  }
  if (options !== undefined && typeof options !== 'string') throw invalid(where, '$options must be a string');
  const flags = regexFlags(options ?? '');
  if (!flags) throw invalid(where, `has unsupported $options "${options}"; use i, m and s`);
  const compiled = compile(pattern, flags);
  if (!compiled.ok) throw invalid(where, compiled.problem);
  const { matcher } = compiled;
  return (document, budget) => candidatesAt(document, path).some((value) => typeof value === 'string' && charged(matcher, value, budget));
}

function charged(matcher: RegexMatcher, text: string, budget: StepBudget | undefined): boolean {
  budget?.spend((text.length + 1) * matcher.stepsPerChar);
  return matcher.test(text);
}

/** `{a: null}` also matches a missing `a`, as in MongoDB. */
function matchesEqual(document: JsonObject, path: string[], expected: JsonValue): boolean {
  if (expected === null && valuesAt(document, path).length === 0) return true;
  return candidatesAt(document, path).some((value) => jsonEqual(value, expected));
}

function ordered(op: string, comparison: number): boolean {
  if (!COMPARISONS.has(op)) return false;
  if (op === '$gt') return comparison > 0;
  if (op === '$gte') return comparison >= 0;
  if (op === '$lt') return comparison < 0;
  return comparison <= 0;
}
