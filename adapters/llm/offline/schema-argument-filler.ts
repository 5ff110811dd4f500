import { JsonObject, JsonSchema, JsonValue } from '../../../core/shared/json';
import { extractMathExpression } from './math-expression';

interface Extracted {
  value: JsonValue;
  /** Found in the message rather than made up; optional properties are set only then. */
  specific: boolean;
}

const URL_PATTERN = /https?:\/\/[^\s"'<>)]+/;
const EMAIL_PATTERN = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const DATE_PATTERN = /\d{4}-\d{2}-\d{2}/;
const QUOTED_PATTERN = /["“'「]([^"”'」]{1,500})["”'」]/;
const LEADING_FILLER = /^(?:\s|[:：,，-]|\b(?:tool|to|for|on|with|and|the|please|find|get|about|compute|calculate|look\s+up|search)\b)+/i;

/**
 * Builds tool arguments that fit the tool's JSON schema as far as the message allows:
 * required properties always, optional ones only when the message holds a value for them.
 */
export function fillArguments(schema: JsonSchema, message: string, toolName: string): JsonObject {
  // Digits inside a URL are not numbers the user meant.
  const numbers = (message.replace(new RegExp(URL_PATTERN, 'g'), ' ').match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  return fillObject(schema, { message, payload: payloadAfterMention(message, toolName), numbers });
}

interface Source {
  message: string;
  payload: string;
  /** Numbers of the message, handed out in order to successive numeric properties. */
  numbers: number[];
}

function fillObject(schema: JsonSchema, source: Source): JsonObject {
  const properties = asObject(schema.properties) ?? {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const args: JsonObject = {};
  for (const [key, raw] of Object.entries(properties)) {
    const extracted = extract(key, asObject(raw) ?? {}, source);
    if (extracted.specific || required.includes(key)) args[key] = extracted.value;
  }
  return args;
}

function extract(key: string, schema: JsonSchema, source: Source): Extracted {
  if (schema.const !== undefined) return { value: schema.const, specific: true };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fromEnum(schema.enum, source.message);
  const fallback = schema.default;
  switch (typeOf(schema)) {
    case 'number':
    case 'integer':
      return fromNumbers(schema, source, fallback);
    case 'boolean':
      return { value: typeof fallback === 'boolean' ? fallback : false, specific: false };
    case 'array':
      return { value: Array.isArray(fallback) ? fallback : arrayFor(schema, key, source), specific: false };
    case 'object':
      return { value: fillObject(schema, source), specific: false };
    case 'null':
      return { value: null, specific: false };
    default:
      return fromText(key, schema, source, fallback);
  }
}

function fromText(key: string, schema: JsonSchema, source: Source, fallback: JsonValue | undefined): Extracted {
  const name = key.toLowerCase();
  const format = typeof schema.format === 'string' ? schema.format : '';
  const found =
    (/url|uri|link|href|website/.test(name) || format.startsWith('uri') ? URL_PATTERN.exec(source.message)?.[0] : undefined) ??
    (/email/.test(name) || format === 'email' ? EMAIL_PATTERN.exec(source.message)?.[0] : undefined) ??
    (/date/.test(name) || format === 'date' ? DATE_PATTERN.exec(source.message)?.[0] : undefined) ??
    (/expr|formula|equation|calculation|math/.test(name) ? extractMathExpression(source.message) : undefined);
  if (found !== undefined) return { value: found, specific: true };
  if (typeof fallback === 'string') return { value: fallback, specific: false };
  const quoted = QUOTED_PATTERN.exec(source.message)?.[1];
  return { value: quoted ?? source.payload, specific: false };
}

function fromNumbers(schema: JsonSchema, source: Source, fallback: JsonValue | undefined): Extracted {
  const integer = typeOf(schema) === 'integer';
  const at = source.numbers.findIndex((n) => !integer || Number.isInteger(n));
  if (at >= 0) return { value: clamp(source.numbers.splice(at, 1)[0], schema), specific: true };
  if (typeof fallback === 'number') return { value: fallback, specific: false };
  return { value: clamp(typeof schema.minimum === 'number' ? schema.minimum : 1, schema), specific: false };
}

function fromEnum(options: JsonValue[], message: string): Extracted {
  const lower = message.toLowerCase();
  const mentioned = options.find((option) => typeof option === 'string' && lower.includes(option.toLowerCase()));
  return mentioned !== undefined ? { value: mentioned, specific: true } : { value: options[0], specific: false };
}

function arrayFor(schema: JsonSchema, key: string, source: Source): JsonValue[] {
  const items = asObject(schema.items);
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  if (!items || minItems === 0) return [];
  return [extract(key, items, source).value];
}

function clamp(value: number, schema: JsonSchema): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  return Math.min(max, Math.max(min, value));
}

/** What the user asked the tool to work on: the text after the tool's name, or the whole message. */
function payloadAfterMention(message: string, toolName: string): string {
  const at = message.toLowerCase().indexOf(toolName.toLowerCase());
  if (at < 0) return message.trim();
  const after = message
    .slice(at + toolName.length)
    .replace(LEADING_FILLER, '')
    .trim();
  return after || message.trim();
}

function typeOf(schema: JsonSchema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((t): t is string => typeof t === 'string' && t !== 'null');
  return undefined;
}

function asObject(value: JsonValue | undefined): JsonSchema | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}
