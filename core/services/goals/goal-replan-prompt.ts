import { Agent } from '../../domain/agent/agent.entity';
import { Goal } from '../../domain/goal/goal.entity';
import { MAX_PLAN_TASKS } from '../../domain/goal/goal-plan';
import { ChatMessage } from '../../domain/llm/chat-message';
import { Task } from '../../domain/task/task.entity';
import { cutText } from '../agents/tool-reply';

/** The structured prompt's task name: the offline model answers it by name. */
export const GOAL_REPLAN_TASK = 'goal-replan';
const MAX_TEXT_CHARS = 500;

const INSTRUCTIONS = [
  'You revise the unfinished part of a plan for a goal; the completed tasks stay as they are.',
  'The user message is JSON: {"title", "description", "completed": [{"id", "title", "result"}], "failed": [{"title", "description", "reason"}], "pending": [{"title", "description"}], "agents": [{"agent_id", "name", "description"}]}.',
  'Plan the tasks that still lead to the goal, learning from what failed; they replace every failed and pending task.',
  `Answer with a JSON object only: {"summary": "<one sentence>", "tasks": [{"title", "description", "priority": "high" | "medium" | "low", "dependsOn": [indexes of tasks in this list, or ids of completed tasks], "agent_id": "<one of the agents' agent_id, or null>", "requires_approval": true | false}]}.`,
  `At most ${MAX_PLAN_TASKS} tasks; no cycle.`,
].join('\n');

export function goalReplanMessages(goal: Goal, tasks: ReadonlyArray<Task>, agents: ReadonlyArray<Pick<Agent, 'id' | 'name' | 'description'>>): ChatMessage[] {
  const text = (value: string) => cutText(value, MAX_TEXT_CHARS);
  const input = {
    title: goal.title,
    description: goal.description,
    completed: tasks
      .filter((task) => task.status === 'completed')
      .map((task) => ({ id: task.id, title: task.title, result: text(JSON.stringify(task.result)) })),
    failed: tasks
      .filter((task) => task.status === 'failed')
      .map((task) => ({ title: task.title, description: text(task.description), reason: text(task.failureReason ?? '') })),
    pending: tasks.filter((task) => task.status === 'pending').map((task) => ({ title: task.title, description: text(task.description) })),
    agents: agents.map((agent) => ({ agent_id: agent.id, name: agent.name, description: text(agent.description) })),
  };
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: JSON.stringify(input) },
  ];
}
