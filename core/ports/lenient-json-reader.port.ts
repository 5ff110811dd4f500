import { JsonObject } from '../shared/json';
import { token } from '../shared/token';

/**
 * Reads JSON that a model wrote, which is often not quite JSON: wrapped in prose or a code
 * fence, with trailing commas, single quotes, bare keys, Python literals, or cut off midway.
 */
export interface LenientJsonReader {
  /**
   * The first JSON object in `text`: the whole text, a fenced block or an object amid prose,
   * repaired where it can be (a one-element array holding an object counts as that object).
   * Valid JSON anywhere in the text is preferred to a repaired reading. Undefined when no
   * object can be read.
   */
  readObject(text: string): JsonObject | undefined;
}

export const LENIENT_JSON_READER = token<LenientJsonReader>('LenientJsonReader');
