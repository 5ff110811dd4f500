import { PROMPT_WRITING_TASK } from '../../../../core/services/prompt/prompt-tasks';
import { JsonValue } from '../../../../core/shared/json';
import { offlinePromptFor } from '../prompt-writing/offline-prompt-template';
import { OfflineResponder, StructuredPrompt } from './offline-responder';

/**
 * Task `prompt-writing`. Input: JSON `{input_text, intent_analysis}` (or the requirement
 * as plain text, which is then analysed here). Output: a Markdown prompt from the offline
 * template, in the language of `input_text`.
 */
export const promptWritingResponder: OfflineResponder = {
  task: PROMPT_WRITING_TASK,
  respond(prompt: StructuredPrompt): string {
    const json = prompt.inputJson;
    if (isObject(json) && typeof json.input_text === 'string') {
      return offlinePromptFor({ inputText: json.input_text, analysis: isObject(json.intent_analysis) ? json.intent_analysis : undefined });
    }
    return offlinePromptFor({ inputText: prompt.input });
  },
};

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
