import { JsonValue } from '../../shared/json';

/**
 * The message an agent receives from an execution's input: a string as is, else the string
 * in `message` or `input`, else the input as JSON.
 */
export function agentMessageOf(input: JsonValue): string {
  if (typeof input === 'string') return input;
  if (input !== null && typeof input === 'object' && !Array.isArray(input)) {
    for (const key of ['message', 'input']) {
      const value = Object.prototype.hasOwnProperty.call(input, key) ? input[key] : undefined;
      if (typeof value === 'string') return value;
    }
  }
  return JSON.stringify(input);
}
