import { agentRoutingResponder } from './agent-routing.responder';
import { goalDecompositionResponder } from './goal-decomposition.responder';
import { goalReplanResponder } from './goal-replan.responder';
import { goalInteractionResponder } from './goal-interaction.responder';
import { intentAnalysisResponder } from './intent-analysis.responder';
import { OfflineResponder } from './offline-responder';
import { promptWritingResponder } from './prompt-writing.responder';
import { ragAnswerResponder } from './rag-answer.responder';
import { selfReviewResponder } from './self-review.responder';
import { workflowClassifierResponder } from './workflow-classifier.responder';
import { workflowExtractorResponder } from './workflow-extractor.responder';

export { genericJsonResponder } from './generic-json.responder';
export type { OfflineResponder, StructuredPrompt } from './offline-responder';
export { readStructuredPrompt } from './offline-responder';

/**
 * The offline model's answers to the platform's own structured prompts.
 *
 * Protocol: a structured prompt's request names it in `task` (kebab-case, e.g.
 * `goal-decomposition`) and sets `responseFormat: 'json'` when it wants a JSON object back.
 * The offline model answers with the responder whose `task` matches (an object is sent as
 * JSON). A JSON request with no task, or with a task no responder knows, gets
 * `genericJsonResponder`; a text request with an unknown task gets the plain offline reply.
 * Vendor adapters do not send `task`: real models see the messages only.
 *
 * To answer a new task offline: add `<task>.responder.ts` beside this file and append it here.
 */
export const OFFLINE_RESPONDERS: ReadonlyArray<OfflineResponder> = [
  goalDecompositionResponder,
  goalReplanResponder,
  goalInteractionResponder,
  selfReviewResponder,
  intentAnalysisResponder,
  promptWritingResponder,
  ragAnswerResponder,
  agentRoutingResponder,
  workflowClassifierResponder,
  workflowExtractorResponder,
];

export function findResponder(task: string | undefined, responders: ReadonlyArray<OfflineResponder> = OFFLINE_RESPONDERS): OfflineResponder | undefined {
  return task === undefined ? undefined : responders.find((responder) => responder.task === task);
}
