import { JsonObject, JsonValue } from '../../../../core/shared/json';
import { OfflineResponder, StructuredPrompt } from './offline-responder';

interface OfflineClass {
  label: string;
  words: Set<string>;
}

/**
 * Task `workflow-classifier`. Input: JSON `{text, classes: [{label, description}]}`. Output
 * `{label, reason}`: the class whose label and description share the most words (of three letters
 * or more) with the text; the first class on a tie, so a run without a match still takes a branch.
 */
export const workflowClassifierResponder: OfflineResponder = {
  task: 'workflow-classifier',
  respond(prompt: StructuredPrompt): JsonObject {
    const input = isObject(prompt.inputJson) ? prompt.inputJson : {};
    const text = wordsOf(typeof input.text === 'string' ? input.text : prompt.input);
    const classes = (Array.isArray(input.classes) ? input.classes : []).flatMap(classOf);
    let best: { label: string; score: number } | undefined;
    for (const item of classes) {
      const score = [...item.words].filter((word) => text.has(word)).length;
      if (!best || score > best.score) best = { label: item.label, score };
    }
    if (!best) return { label: null, reason: '[offline model] No class was given.' };
    return { label: best.label, reason: `[offline model] The class shares ${best.score} word(s) with the text.` };
  },
};

function classOf(value: JsonValue): OfflineClass[] {
  if (!isObject(value) || typeof value.label !== 'string') return [];
  const text = [value.label.replace(/[_-]+/g, ' '), value.description].filter((part) => typeof part === 'string').join(' ');
  return [{ label: value.label, words: wordsOf(text) }];
}

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value);
}
