import { JsonObject } from '../../../../core/shared/json';
import { truncate } from '../offline-text';
import { inputText, OfflineResponder, StructuredPrompt } from './offline-responder';

const MAX_TASKS = 8;
// Sentences, lines, bullets, semicolons and "then" separate the steps a goal spells out.
const STEP_SEPARATOR = /\r?\n+|[;；。！？!?]|\.(?:\s+|$)|\s*(?:,\s*)?\b(?:and then|then|after that|finally)\b\s*|然后|接着|最后|并且/i;

/**
 * Task `goal-decomposition`. Input: the goal as text, or JSON with `title`/`description`.
 * Output: `{ summary, tasks: [{ title, description, priority: 'high'|'medium'|'low', dependsOn: number[] }] }`,
 * `dependsOn` holding indexes into `tasks`. The steps the goal spells out become tasks in
 * order; a one-step goal becomes clarify → carry out → review.
 */
export const goalDecompositionResponder: OfflineResponder = {
  task: 'goal-decomposition',
  respond(prompt: StructuredPrompt): JsonObject {
    const goal = inputText(prompt, ['title', 'goal', 'description']).trim() || 'the goal';
    const steps = spelledOutSteps(goal);
    const titles = steps.length >= 2 ? steps : [`Clarify the scope of: ${goal}`, `Carry out: ${goal}`, `Review the outcome of: ${goal}`];
    const tasks = titles.map((title, index) => ({
      title: truncate(capitalise(title), 80),
      description: `Step ${index + 1} of ${titles.length} towards the goal "${truncate(goal, 120)}": ${truncate(title, 200)}`,
      priority: index === 0 ? 'high' : index === titles.length - 1 ? 'low' : 'medium',
      dependsOn: index === 0 ? [] : [index - 1],
    }));
    return { summary: `[offline model] Decomposed the goal into ${tasks.length} sequential tasks.`, tasks };
  },
};

function spelledOutSteps(goal: string): string[] {
  return goal
    .split(STEP_SEPARATOR)
    .map((part) =>
      (part ?? '')
        .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '')
        .replace(/[\s,，、:：]+$/, '')
        .trim(),
    )
    .filter((part) => part.length >= 3)
    .slice(0, MAX_TASKS);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
