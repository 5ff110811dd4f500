import { JsonObject, JsonValue } from '../../shared/json';

/** `{{name}}`, with optional spaces inside the braces; names are identifiers. */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/;

export type ToolArguments = JsonObject;

/** The URL with every placeholder replaced by the argument, URL-encoded (a missing one is empty). */
export function renderUrl(template: string, args: ToolArguments): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => encodeURIComponent(textOf(argument(args, name))));
}

/** Plain text substitution, for header values and text bodies. */
export function renderText(template: string, args: ToolArguments): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => textOf(argument(args, name)));
}

/**
 * A JSON body: a string that is exactly one placeholder takes the argument's JSON value
 * (numbers stay numbers, objects stay objects, a missing one is null); placeholders inside
 * longer strings are substituted as text. Keys are never templated, and the result is
 * serialised afterwards, so an argument can never inject JSON syntax.
 */
export function renderJson(template: JsonValue, args: ToolArguments): JsonValue {
  if (typeof template === 'string') {
    const whole = WHOLE_PLACEHOLDER.exec(template);
    return whole ? (argument(args, whole[1]) ?? null) : renderText(template, args);
  }
  if (Array.isArray(template)) return template.map((item) => renderJson(item, args));
  if (template !== null && typeof template === 'object') {
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(template)) {
      Object.defineProperty(out, key, { value: renderJson(value, args), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return template;
}

/** Names used by `{{…}}` placeholders, in order of first use. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]))];
}

/** Own properties only: `{{constructor}}` must not reach Object.prototype. */
function argument(args: ToolArguments, name: string): JsonValue | undefined {
  return Object.prototype.hasOwnProperty.call(args, name) ? args[name] : undefined;
}

function textOf(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
