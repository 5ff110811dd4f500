import { INTENT_ANALYSIS_TASK } from '../../../../core/services/prompt/prompt-tasks';
import { JsonObject } from '../../../../core/shared/json';
import { offlineIntentAnalysis } from '../intent-classifier/offline-intent-analysis';
import { inputText, OfflineResponder, StructuredPrompt } from './offline-responder';

/**
 * Task `intent-analysis`. Input: the user's requirement or rough prompt, as text or JSON
 * with `input_text`. Output: the `intent_analysis` object of prompt-api.md, decided by the
 * offline naive Bayes classifier and filled in from the text.
 */
export const intentAnalysisResponder: OfflineResponder = {
  task: INTENT_ANALYSIS_TASK,
  respond(prompt: StructuredPrompt): JsonObject {
    return { ...offlineIntentAnalysis(inputText(prompt, ['input_text', 'text'])) };
  },
};
