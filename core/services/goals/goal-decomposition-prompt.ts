import { Agent } from '../../domain/agent/agent.entity';
import { Goal } from '../../domain/goal/goal.entity';
import { MAX_PLAN_TASKS } from '../../domain/goal/goal-plan';
import { ChatMessage } from '../../domain/llm/chat-message';
import { cutText } from '../agents/tool-reply';

/** The structured prompt's task name: the offline model answers it by name. */
export const GOAL_DECOMPOSITION_TASK = 'goal-decomposition';
const MAX_AGENT_DESCRIPTION_CHARS = 300;

const INSTRUCTIONS = [
  'You break a goal into the tasks that achieve it.',
  'The user message is JSON: {"title", "description", "agents": [{"agent_id", "name", "description"}]}.',
  `Answer with a JSON object only: {"summary": "<one sentence>", "tasks": [{"title", "description", "priority": "high" | "medium" | "low", "dependsOn": [indexes of earlier tasks in this list], "agent_id": "<one of the agents' agent_id, or null>", "requires_approval": true | false}]}.`,
  `At most ${MAX_PLAN_TASKS} tasks; no task may depend on itself or, through others, on a task that depends on it.`,
  'Ask for approval only where a person should check the work before what follows it.',
].join('\n');

export function goalDecompositionMessages(goal: Goal, agents: ReadonlyArray<Pick<Agent, 'id' | 'name' | 'description'>>): ChatMessage[] {
  const input = {
    title: goal.title,
    description: goal.description,
    agents: agents.map((agent) => ({ agent_id: agent.id, name: agent.name, description: cutText(agent.description, MAX_AGENT_DESCRIPTION_CHARS) })),
  };
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: JSON.stringify(input) },
  ];
}
