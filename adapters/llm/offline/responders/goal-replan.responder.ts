import { JsonObject, JsonValue } from '../../../../core/shared/json';
import { truncate } from '../offline-text';
import { OfflineResponder, StructuredPrompt } from './offline-responder';

/**
 * Task `goal-replan`. Input: JSON `{title, completed: [{id, title}], failed: [{title, description, reason}],
 * pending: [{title, description}]}`. Output: the plan format of `goal-decomposition`, `dependsOn`
 * holding indexes into `tasks` or ids of completed tasks. Each failed task comes back as a revised
 * attempt that names the failure, then the pending tasks as they were, in one chain whose first
 * task builds on every completed task; nothing unfinished becomes one closing review.
 */
export const goalReplanResponder: OfflineResponder = {
  task: 'goal-replan',
  respond(prompt: StructuredPrompt): JsonObject {
    const input = asObject(prompt.inputJson);
    const goal = typeof input.title === 'string' && input.title.trim() ? input.title.trim() : 'the goal';
    const completedIds = listOf(input.completed).flatMap((task) => (typeof task.id === 'string' ? [task.id] : []));
    const revised = listOf(input.failed).map((task) => ({
      title: truncate(`Retry differently: ${textOf(task.title)}`, 200),
      description: truncate(`The previous attempt failed (${textOf(task.reason) || 'no reason given'}). ${textOf(task.description)}`.trim(), 2_000),
    }));
    const kept = listOf(input.pending).map((task) => ({ title: truncate(textOf(task.title), 200), description: truncate(textOf(task.description), 2_000) }));
    const steps = [...revised, ...kept];
    const planned =
      steps.length > 0 ? steps : [{ title: `Review the outcome of: ${truncate(goal, 120)}`, description: 'Check the completed work against the goal.' }];
    const tasks = planned.map((step, index) => ({
      ...step,
      priority: index === 0 ? 'high' : 'medium',
      dependsOn: index === 0 ? completedIds : [index - 1],
    }));
    return { summary: `[offline model] Replanned ${tasks.length} unfinished task(s), keeping ${completedIds.length} completed.`, tasks };
  },
};

function asObject(value: JsonValue | undefined): JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

function listOf(value: JsonValue | undefined): JsonObject[] {
  return Array.isArray(value) ? value.map(asObject) : [];
}

function textOf(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}
