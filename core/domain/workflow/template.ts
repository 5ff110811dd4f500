import { JsonObject, JsonValue } from '../../shared/json';
import { MAX_RENDERED_CHARS } from './template-limits';
import { TemplateTooLargeError } from './workflow.errors';

/** What placeholders can name while a node runs. */
export interface TemplateScope {
  /** The run's input: `{{input}}`, `{{input.a.b}}`. */
  input: JsonValue;
  /** Outputs of the nodes that completed so far: `{{<id>.output.x}}`, or `{{nodes.<id>.output.x}}`. */
  outputs: ReadonlyMap<string, JsonValue>;
  /** The output of the node's predecessor: `{{last}}`, `{{last.x}}`. */
  last: JsonValue;
}

/**
 * `{{path}}`, spaces allowed inside the braces; a path is dot-separated names or array
 * indexes. Anything else between braces is left as written: there are no expressions.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)\s*\}\}$/;

/**
 * Replaces every placeholder with the value it names, as text (objects and arrays as JSON);
 * a path that names nothing renders as the empty string. Values are inserted once and never
 * scanned again, so data can never smuggle in a placeholder. Throws `TemplateTooLargeError`
 * past `maxChars`.
 */
export function renderTemplate(template: string, scope: TemplateScope, maxChars = MAX_RENDERED_CHARS): string {
  return new Renderer(scope, maxChars).text(template);
}

/**
 * Renders every string leaf of a JSON value (tool arguments). A string that is exactly one
 * placeholder takes the named value itself, so numbers stay numbers and objects objects (a
 * path that names nothing gives the empty string); keys are never templated.
 */
export function renderTemplateValue(template: JsonValue, scope: TemplateScope, maxChars = MAX_RENDERED_CHARS): JsonValue {
  return new Renderer(scope, maxChars).value(template);
}

/** The value a placeholder path names, or undefined. */
export function resolvePath(path: string, scope: TemplateScope): JsonValue | undefined {
  const [root, ...rest] = path.split('.');
  if (root === 'input') return descend(scope.input, rest);
  if (root === 'last') return descend(scope.last, rest);
  if (root === 'nodes' && rest.length >= 2 && rest[1] === 'output') return nodeOutput(scope, rest[0], rest.slice(2));
  if (rest[0] === 'output') return nodeOutput(scope, root, rest.slice(1));
  return undefined;
}

/** Every placeholder path of `template`, in order (`input.a`, `summary.output.text`). */
export function placeholderPaths(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]);
}

function nodeOutput(scope: TemplateScope, nodeId: string, segments: ReadonlyArray<string>): JsonValue | undefined {
  const output = scope.outputs.get(nodeId);
  return output === undefined ? undefined : descend(output, segments);
}

export function textOf(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Own properties and in-range indexes only: `{{input.constructor}}` must not reach a prototype. */
function descend(value: JsonValue, segments: ReadonlyArray<string>): JsonValue | undefined {
  let current: JsonValue | undefined = value;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      current = /^\d+$/.test(segment) ? current[Number(segment)] : undefined;
    } else if (current !== null && typeof current === 'object' && Object.prototype.hasOwnProperty.call(current, segment)) {
      current = current[segment];
    } else {
      return undefined;
    }
    if (current === undefined) return undefined;
  }
  return current;
}

/** One rendering: a shared character allowance and the text of each path, computed once. */
class Renderer {
  private remaining: number;
  private readonly texts = new Map<string, string>();

  constructor(
    private readonly scope: TemplateScope,
    maxChars: number,
  ) {
    this.remaining = maxChars;
  }

  text(template: string): string {
    let placeholderChars = 0;
    const out = template.replace(PLACEHOLDER, (match: string, path: string) => {
      placeholderChars += match.length;
      return this.take(this.textAt(path));
    });
    this.spend(template.length - placeholderChars);
    return out;
  }

  value(template: JsonValue): JsonValue {
    if (typeof template === 'string') {
      const whole = WHOLE_PLACEHOLDER.exec(template);
      if (!whole) return this.text(template);
      const value = resolvePath(whole[1], this.scope);
      this.spend(this.textAt(whole[1]).length);
      return value ?? '';
    }
    if (Array.isArray(template)) return template.map((item) => this.value(item));
    if (template !== null && typeof template === 'object') {
      const out: JsonObject = {};
      for (const [key, item] of Object.entries(template)) {
        // defineProperty: a `__proto__` key stays an ordinary key.
        Object.defineProperty(out, key, { value: this.value(item), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    return template;
  }

  private textAt(path: string): string {
    let text = this.texts.get(path);
    if (text === undefined) {
      text = textOf(resolvePath(path, this.scope));
      this.texts.set(path, text);
    }
    return text;
  }

  private take(text: string): string {
    this.spend(text.length);
    return text;
  }

  private spend(chars: number): void {
    this.remaining -= chars;
    if (this.remaining < 0) throw new TemplateTooLargeError();
  }
}
