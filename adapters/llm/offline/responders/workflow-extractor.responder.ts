import { JsonObject, JsonValue } from '../../../../core/shared/json';
import { fillArguments } from '../schema-argument-filler';
import { OfflineResponder, StructuredPrompt } from './offline-responder';

/**
 * Task `workflow-extractor`. Input: JSON `{text, schema, problems?}`. Output: an object built for
 * the schema from the text the way the offline model fills tool arguments: every required
 * property, and the optional ones the text holds a value for (numbers, URLs, e-mails, dates…).
 */
export const workflowExtractorResponder: OfflineResponder = {
  task: 'workflow-extractor',
  respond(prompt: StructuredPrompt): JsonObject {
    const input = isObject(prompt.inputJson) ? prompt.inputJson : {};
    const text = typeof input.text === 'string' ? input.text : prompt.input;
    return fillArguments(isObject(input.schema) ? input.schema : {}, text, '');
  },
};

function isObject(value: JsonValue | undefined): value is JsonObject {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value);
}
