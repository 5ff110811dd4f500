import { TemplateScope } from '../../../domain/workflow/template';
import { JsonObject, JsonValue } from '../../../shared/json';

/**
 * What a JSONPath sees: `$.input` (the run's input), `$.last` (the predecessor's output) and
 * `$.<node_id>.output` for every node that completed, as templates name them.
 */
export function jsonPathDocument(scope: TemplateScope): JsonObject {
  const document: JsonObject = {};
  for (const [nodeId, output] of scope.outputs) defineKey(document, nodeId, { output });
  defineKey(document, 'input', scope.input);
  defineKey(document, 'last', scope.last);
  return document;
}

/** defineProperty: a node named `__proto__` stays an ordinary key. */
export function defineKey(target: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
