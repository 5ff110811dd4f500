import { jsonrepair } from 'jsonrepair';
import { LenientJsonReader } from '../../core/ports/lenient-json-reader.port';
import { JsonObject, JsonValue } from '../../core/shared/json';
import { objectCandidates } from './json-object-candidates';

/**
 * `LenientJsonReader` on jsonrepair: every candidate span is first parsed as it is, and only
 * when none parses to an object is each one repaired, so valid JSON later in the text wins over
 * prose braces that repair would turn into an object.
 */
export class JsonRepairLenientJsonReader implements LenientJsonReader {
  readObject(text: string): JsonObject | undefined {
    const candidates = objectCandidates(text);
    for (const read of [parse, repairAndParse]) {
      for (const candidate of candidates) {
        const found = asObject(read(candidate));
        if (found) return found;
      }
    }
    return undefined;
  }
}

function parse(candidate: string): JsonValue | undefined {
  try {
    return JSON.parse(candidate) as JsonValue;
  } catch {
    return undefined;
  }
}

function repairAndParse(candidate: string): JsonValue | undefined {
  try {
    return parse(jsonrepair(candidate));
  } catch {
    return undefined; // beyond repair
  }
}

function asObject(value: JsonValue | undefined): JsonObject | undefined {
  if (Array.isArray(value)) return value.length === 1 ? asObject(value[0]) : undefined;
  return typeof value === 'object' && value !== null ? value : undefined;
}
