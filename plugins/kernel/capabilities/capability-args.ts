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
