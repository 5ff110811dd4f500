import { Agent } from '../../domain/agent/agent.entity';
import { ChatMessage } from '../../domain/llm/chat-message';
import { cutText } from '../agents/tool-reply';

/** The structured prompt's task name: the offline model answers it by name. */
export const ROUTING_TASK = 'agent-routing';
const MAX_DESCRIPTION_CHARS = 500;

const INSTRUCTIONS = [
  'You route a user message to the one agent best able to answer it.',
  'The user message is JSON: {"message": the text to answer, "candidates": [{"agent_id", "name", "description"}]}.',
  'Answer with a JSON object only: {"agent_id": "<one of the candidates\' agent_id>", "reason": "<one sentence>"}.',
].join('\n');

export function routingMessages(candidates: ReadonlyArray<Agent>, message: string): ChatMessage[] {
  const input = {
    message,
    candidates: candidates.map((agent) => ({ agent_id: agent.id, name: agent.name, description: cutText(agent.description, MAX_DESCRIPTION_CHARS) })),
  };
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: JSON.stringify(input) },
  ];
}

/** The candidate the answer names; the first candidate when it names none of them (a model may answer off the list). */
export function routedAgentId(answer: string, candidates: ReadonlyArray<Agent>): string {
  const ids = new Set(candidates.map((agent) => agent.id));
  const named = /"agent_id"\s*:\s*"([^"]{1,64})"/.exec(answer)?.[1];
  return named !== undefined && ids.has(named) ? named : candidates[0].id;
}
