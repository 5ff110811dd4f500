import { AgentRunResult } from '../../../domain/agent/agent-run';
import { JsonObject } from '../../../shared/json';

/**
 * An agent-mode execution's `output`: `{reply}`, plus `review` when the agent reviews its answers
 * (behaviour rule 5) and `knowledge_sources` when passages of its knowledge bases were put
 * before the first model call (rule 11).
 */
export function agentRunOutput(result: AgentRunResult): JsonObject {
  const output: JsonObject = { reply: result.output };
  if (result.review) output.review = { passed: result.review.passed, reason: result.review.reason };
  if (result.knowledgeSources) {
    output.knowledge_sources = result.knowledgeSources.map((s) => ({ knowledge_base_id: s.knowledgeBaseId, document_id: s.documentId, title: s.title }));
  }
  return output;
}
