import { JsonObject, JsonValue } from '../../../../core/shared/json';
import { OfflineResponder, StructuredPrompt } from './offline-responder';

interface Candidate {
  agentId: string;
  words: Set<string>;
}

/**
 * Task `agent-routing`. Input: JSON `{message, candidates: [{agent_id, name, description}]}`.
 * Output: `{agent_id, reason}`: the candidate whose name and description share the most words
 * (of three letters or more) with the message; the first candidate on a tie.
 */
export const agentRoutingResponder: OfflineResponder = {
  task: 'agent-routing',
  respond(prompt: StructuredPrompt): JsonObject {
    const input = isObject(prompt.inputJson) ? prompt.inputJson : {};
    const message = wordsOf(typeof input.message === 'string' ? input.message : prompt.input);
    const candidates = (Array.isArray(input.candidates) ? input.candidates : []).flatMap(candidateOf);
    let best: { agentId: string; score: number } | undefined;
    for (const candidate of candidates) {
      const score = [...candidate.words].filter((word) => message.has(word)).length;
      if (!best || score > best.score) best = { agentId: candidate.agentId, score };
    }
    if (!best) return { agent_id: null, reason: '[offline model] No candidate was given.' };
    return { agent_id: best.agentId, reason: `[offline model] The candidate shares ${best.score} word(s) with the message.` };
  },
};

function candidateOf(value: JsonValue): Candidate[] {
  if (!isObject(value) || typeof value.agent_id !== 'string') return [];
  const text = [value.name, value.description].filter((part) => typeof part === 'string').join(' ');
  return [{ agentId: value.agent_id, words: wordsOf(text) }];
}

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value);
}
