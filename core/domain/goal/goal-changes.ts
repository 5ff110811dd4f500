import { JsonObject, JsonValue } from '../../shared/json';
import { Task, TASK_PRIORITIES, TaskPriority } from '../task/task.entity';
import { TASK_LIMITS } from '../task/task.rules';

/** Most changes one interaction may make. */
export const MAX_GOAL_CHANGES = 20;

export type GoalChange =
  | { kind: 'add'; title: string; description: string; priority: TaskPriority; requiresApproval: boolean; dependsOn: string[] }
  | { kind: 'change'; taskId: string; title?: string; description?: string; priority?: TaskPriority; requiresApproval?: boolean }
  | { kind: 'drop'; taskId: string };

export type ChangesReading = { ok: true; reply: string; changes: GoalChange[] } | { ok: false; problem: string };

/**
 * Reads a model's answer to a conversation about a goal: `{reply, changes: [{action: "add", title,
 * description, priority, requires_approval, depends_on: [task ids]} | {action: "change", task_id,
 * title?, description?, priority?, requires_approval?} | {action: "drop", task_id}]}`. Only pending
 * tasks of the goal may change or go, each at most once; a new task may depend on tasks of the goal
 * that stay. Texts are trimmed and cut to the task limits.
 */
export function readGoalChanges(answer: JsonObject, tasks: ReadonlyArray<Task>): ChangesReading {
  const reply = typeof answer.reply === 'string' ? answer.reply.trim().slice(0, 4_000) : '';
  const raw = answer.changes ?? [];
  if (!Array.isArray(raw)) return { ok: false, problem: 'its changes are not a list' };
  if (raw.length > MAX_GOAL_CHANGES) return { ok: false, problem: `it makes ${raw.length} changes, more than ${MAX_GOAL_CHANGES}` };
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const touched = new Set<string>();
  const changes: GoalChange[] = [];
  for (const [index, item] of raw.entries()) {
    const read = readChange(item, byId, touched);
    if (typeof read === 'string') return { ok: false, problem: `change ${index + 1} ${read}` };
    changes.push(read);
  }
  const dropped = new Set(changes.flatMap((change) => (change.kind === 'drop' ? [change.taskId] : [])));
  const leaning = changes.find((change) => change.kind === 'add' && change.dependsOn.some((id) => dropped.has(id)));
  if (leaning) return { ok: false, problem: 'a new task depends on a task it drops' };
  return { ok: true, reply: reply || 'Done.', changes };
}

function readChange(item: JsonValue, byId: ReadonlyMap<string, Task>, touched: Set<string>): GoalChange | string {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return 'is not an object';
  const action = item.action;
  if (action === 'add') {
    const title = textOf(item.title, TASK_LIMITS.titleChars);
    if (!title) return 'adds a task with no title';
    const deps = item.depends_on ?? item.dependsOn ?? [];
    if (!Array.isArray(deps)) return 'adds a task whose dependencies are not a list';
    const unknown = deps.find((id) => typeof id !== 'string' || !byId.has(id));
    if (unknown !== undefined) return `adds a task depending on ${JSON.stringify(unknown)}, which is not a task of the goal`;
    const dependsOn = [...new Set(deps as string[])].slice(0, TASK_LIMITS.dependencies);
    return {
      kind: 'add',
      title,
      description: textOf(item.description, TASK_LIMITS.descriptionChars),
      priority: priorityOf(item.priority) ?? 'normal',
      requiresApproval: item.requires_approval === true,
      dependsOn,
    };
  }
  if (action !== 'change' && action !== 'drop') return `has the unknown action ${JSON.stringify(action ?? null)}`;
  const taskId = item.task_id;
  const task = typeof taskId === 'string' ? byId.get(taskId) : undefined;
  if (!task || typeof taskId !== 'string') return `names ${JSON.stringify(taskId ?? null)}, which is not a task of the goal`;
  if (task.status !== 'pending') return `would ${action} "${task.title}", which is ${task.status}: only pending tasks may change`;
  if (touched.has(taskId)) return `touches "${task.title}" a second time`;
  touched.add(taskId);
  if (action === 'drop') return { kind: 'drop', taskId };
  const change: GoalChange = { kind: 'change', taskId };
  const title = textOf(item.title, TASK_LIMITS.titleChars);
  if (title) change.title = title;
  if (typeof item.description === 'string') change.description = textOf(item.description, TASK_LIMITS.descriptionChars);
  const priority = priorityOf(item.priority);
  if (priority) change.priority = priority;
  if (typeof item.requires_approval === 'boolean') change.requiresApproval = item.requires_approval;
  return change;
}

function textOf(value: JsonValue | undefined, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

function priorityOf(value: JsonValue | undefined): TaskPriority | undefined {
  if (typeof value !== 'string') return undefined;
  const lowered = value.toLowerCase() === 'medium' ? 'normal' : value.toLowerCase();
  return TASK_PRIORITIES.find((priority) => priority === lowered);
}
