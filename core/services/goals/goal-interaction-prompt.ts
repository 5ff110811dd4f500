import { Goal } from '../../domain/goal/goal.entity';
import { MAX_GOAL_CHANGES } from '../../domain/goal/goal-changes';
import { ChatMessage } from '../../domain/llm/chat-message';
import { Task } from '../../domain/task/task.entity';
import { cutText } from '../agents/tool-reply';

/** The structured prompt's task name: the offline model answers it by name. */
export const GOAL_INTERACTION_TASK = 'goal-interaction';
const MAX_TEXT_CHARS = 300;

const INSTRUCTIONS = [
  "You talk with a goal's owner about the goal and its tasks, and change the plan when they ask.",
  'The user message is JSON: {"message", "goal": {"title", "description", "status"}, "tasks": [{"id", "title", "description", "status", "depends_on"}]}.',
  'Only pending tasks may be changed or dropped. Answer with a JSON object only:',
  '{"reply": "<your answer to the message>", "changes": [{"action": "add", "title", "description", "priority": "high" | "medium" | "low", "requires_approval", "depends_on": [task ids]} | {"action": "change", "task_id", "title"?, "description"?, "priority"?, "requires_approval"?} | {"action": "drop", "task_id"}]}.',
  `At most ${MAX_GOAL_CHANGES} changes; an empty list when the message asks for none.`,
].join('\n');

export function goalInteractionMessages(goal: Goal, tasks: ReadonlyArray<Task>, message: string): ChatMessage[] {
  const input = {
    message,
    goal: { title: goal.title, description: cutText(goal.description, MAX_TEXT_CHARS), status: goal.status },
    tasks: tasks.map((task) => ({
      id: task.id,
      title: task.title,
      description: cutText(task.description, MAX_TEXT_CHARS),
      status: task.status,
      depends_on: task.dependsOn,
    })),
  };
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: JSON.stringify(input) },
  ];
}
