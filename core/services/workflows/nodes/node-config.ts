import { JsonObject, JsonValue } from '../../../shared/json';

/** A string field of a validated config: the graph rules guarantee its presence when required. */
export function textField(config: JsonObject, key: string): string | undefined {
  const value = config[key];
  return typeof value === 'string' ? value : undefined;
}

export function numberField(config: JsonObject, key: string): number | undefined {
  const value = config[key];
  return typeof value === 'number' ? value : undefined;
}

export function objectField(config: JsonObject, key: string): JsonObject {
  const value: JsonValue | undefined = config[key];
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}
