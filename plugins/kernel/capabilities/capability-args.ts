import { JsonObject, JsonValue } from '../../../core/shared/json';
import { CapabilityError } from './capability-error';

/** Readers for capability arguments: wrong types become `invalid_argument`, named after the field. */
export function argsObject(args: JsonValue, where: string): JsonObject {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw new CapabilityError('invalid_argument', `${where}: expected an object`);
  }
  return args;
}

export function requiredString(args: JsonObject, field: string, where: string): string {
  const value = args[field];
  if (typeof value !== 'string') throw new CapabilityError('invalid_argument', `${where}: "${field}" must be a string`);
  return value;
}

export function optionalString(args: JsonObject, field: string, where: string): string | undefined {
  const value = args[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new CapabilityError('invalid_argument', `${where}: "${field}" must be a string`);
  return value;
}

export function optionalNumber(args: JsonObject, field: string, where: string): number | undefined {
  const value = args[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new CapabilityError('invalid_argument', `${where}: "${field}" must be a number`);
  }
  return value;
}

export function optionalBoolean(args: JsonObject, field: string, where: string): boolean | undefined {
  const value = args[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new CapabilityError('invalid_argument', `${where}: "${field}" must be a boolean`);
  return value;
}

export function optionalEnum<T extends string>(args: JsonObject, field: string, allowed: readonly T[], where: string): T | undefined {
  const value = optionalString(args, field, where);
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new CapabilityError('invalid_argument', `${where}: "${field}" must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

export function stringRecord(args: JsonObject, field: string, where: string): Record<string, string> {
  const value = args[field];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new CapabilityError('invalid_argument', `${where}: "${field}" must be an object of strings`);
  }
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw new CapabilityError('invalid_argument', `${where}: "${field}.${key}" must be a string`);
    out[key] = item;
  }
  return out;
}

/** Length bounds of a string argument, in UTF-16 code units. */
export interface StringBounds {
  min?: number;
  max?: number;
}

/** A string within `bounds` (default: non-empty), else `invalid_argument` naming the bounds. */
export function boundedString(args: JsonObject, field: string, where: string, bounds: StringBounds = {}): string {
  return checkBounds(requiredString(args, field, where), field, where, bounds);
}

export function optionalBoundedString(args: JsonObject, field: string, where: string, bounds: StringBounds = {}): string | undefined {
  const value = optionalString(args, field, where);
  return value === undefined ? undefined : checkBounds(value, field, where, bounds);
}

function checkBounds(value: string, field: string, where: string, { min = 1, max = Number.MAX_SAFE_INTEGER }: StringBounds): string {
  if (value.length < min || value.length > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `${min}–${max}`;
    throw new CapabilityError('invalid_argument', `${where}: "${field}" must be ${range} characters`);
  }
  return value;
}

/** An array of at most `maxItems` strings, each within `bounds`. */
export function optionalStringArray(args: JsonObject, field: string, where: string, maxItems: number, bounds: StringBounds = {}): string[] | undefined {
  const value = args[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new CapabilityError('invalid_argument', `${where}: "${field}" must be an array of strings`);
  }
  if (value.length > maxItems) throw new CapabilityError('invalid_argument', `${where}: "${field}" may hold at most ${maxItems} items`);
  return (value as string[]).map((item, index) => checkBounds(item, `${field}[${index}]`, where, bounds));
}

/** Any JSON value of at most `maxChars` characters of JSON (`too_large` above). */
export function optionalJson(args: JsonObject, field: string, where: string, maxChars: number): JsonValue | undefined {
  const value = args[field];
  if (value === undefined) return undefined;
  if (JSON.stringify(value).length > maxChars) {
    throw new CapabilityError('too_large', `${where}: "${field}" is over ${maxChars} characters of JSON`);
  }
  return value;
}

// A calendar date, or a date-time that names its offset: a time without one would be read in
// the host's zone, which the plugin cannot know.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** An ISO 8601 date (`2024-06-01`, midnight UTC) or date-time with `Z` or an offset. */
export function optionalIsoDate(args: JsonObject, field: string, where: string): Date | undefined {
  const value = optionalString(args, field, where);
  if (value === undefined) return undefined;
  const match = ISO_DATE.exec(value);
  const date = match ? new Date(value) : undefined;
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  // Date accepts 2024-02-30 as March 1st; the calendar check refuses it.
  const real = date !== undefined && !Number.isNaN(date.getTime()) && new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
  if (!real) {
    throw new CapabilityError('invalid_argument', `${where}: "${field}" must be an ISO 8601 date or date-time with a time zone, e.g. 2024-06-01T09:00:00Z`);
  }
  return date;
}

/** Refuses fields outside `known`: a misspelt optional field would otherwise be silently ignored. */
export function onlyFields(args: JsonObject, known: readonly string[], where: string): void {
  const unknown = Object.keys(args).filter((field) => !known.includes(field));
  if (unknown.length > 0) {
    throw new CapabilityError('invalid_argument', `${where}: unknown field "${unknown[0]}"; expected ${known.join(', ')}`);
  }
}
