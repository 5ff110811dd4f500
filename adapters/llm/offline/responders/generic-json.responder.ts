import { JsonObject } from '../../../../core/shared/json';
import { keywords, plainOfflineReply, truncate } from '../offline-text';
import { OfflineResponder, StructuredPrompt } from './offline-responder';

/** The answer to a JSON request no responder knows: always a valid JSON object that says what it is. */
export const genericJsonResponder: OfflineResponder = {
  task: 'generic-json',
  respond(prompt: StructuredPrompt): JsonObject {
    return {
      model: 'offline',
      task: prompt.task ?? null,
      answer: plainOfflineReply(prompt.input),
      input: truncate(prompt.input, 200),
      keywords: keywords(prompt.input),
    };
  },
};
