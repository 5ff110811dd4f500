import { JsonObject, JsonValue } from '../../../../core/shared/json';
import { truncate } from '../offline-text';
import { OfflineResponder, StructuredPrompt } from './offline-responder';

/** `add: title`, `drop: title or id` (also `remove`), `rename: old => new`, one per line or `;`. */
const COMMAND = /^\s*(add|drop|remove|rename)\s*:?\s+(.+?)\s*$/i;

/**
 * Task `goal-interaction`. Input: JSON `{message, goal, tasks: [{id, title, status}]}`. The message's
 * commands become changes (`add: Write the FAQ`, `drop: Print flyers`, `rename: Old => New`); a
 * drop or rename names a pending task by id or title (case-insensitive) and is skipped when none
 * matches. The reply lists what was asked, or the tasks when nothing was.
 */
export const goalInteractionResponder: OfflineResponder = {
  task: 'goal-interaction',
  respond(prompt: StructuredPrompt): JsonObject {
    const input = asObject(prompt.inputJson);
    const message = typeof input.message === 'string' ? input.message : prompt.input;
    const tasks = Array.isArray(input.tasks) ? input.tasks.map(asObject) : [];
    const pending = (name: string) =>
      tasks.find((task) => task.status === 'pending' && (task.id === name || String(task.title ?? '').toLowerCase() === name.toLowerCase()));
    const changes: JsonObject[] = [];
    for (const line of message.split(/\r?\n|;/)) {
      const match = COMMAND.exec(line);
      if (!match) continue;
      const [, verb, rest] = match;
      const action = verb.toLowerCase();
      if (action === 'add') changes.push({ action: 'add', title: truncate(rest, 200), description: '', priority: 'medium', depends_on: [] });
      if (action === 'drop' || action === 'remove') {
        const task = pending(rest);
        if (task) changes.push({ action: 'drop', task_id: task.id ?? null });
      }
      if (action === 'rename') {
        const [from, to] = rest.split(/\s*=>\s*/);
        const task = to ? pending(from) : undefined;
        if (task) changes.push({ action: 'change', task_id: task.id ?? null, title: truncate(to, 200) });
      }
    }
    const reply =
      changes.length > 0
        ? `[offline model] Made ${changes.length} change(s) to the plan.`
        : `[offline model] The goal has ${tasks.length} task(s): ${tasks.map((task) => `${String(task.title)} (${String(task.status)})`).join(', ') || 'none yet'}.`;
    return { reply, changes };
  },
};

function asObject(value: JsonValue | undefined): JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}
