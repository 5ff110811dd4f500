import { JsonObject, JsonValue } from '../../shared/json';

export type ParsedToolArguments = { ok: true; value: JsonObject } | { ok: false; raw: string };

/**
 * Reads the arguments a model wrote for a tool call. Tools take a JSON object; an empty string
 * (some models send it for a call without arguments) counts as `{}`.
 */
export function parseToolArguments(raw: string): ParsedToolArguments {
  const text = raw.trim();
  if (text === '') return { ok: true, value: {} };
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch {
    return { ok: false, raw };
  }
  return isJsonObject(value) ? { ok: true, value } : { ok: false, raw };
}

function isJsonObject(value: JsonValue): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
