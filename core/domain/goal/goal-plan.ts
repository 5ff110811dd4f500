import { JsonObject, JsonValue } from '../../shared/json';
import { TASK_LIMITS } from '../task/task.rules';
import { TaskPriority } from '../task/task.entity';

/** Most tasks one decomposition may add. */
export const MAX_PLAN_TASKS = 20;

/** One task of a plan; `dependsOn` holds indexes of earlier tasks of the same plan. */
export interface PlannedTask {
  title: string;
  description: string;
  priority: TaskPriority;
  dependsOn: number[];
  /** Ids of completed tasks the plan keeps (a replan builds on them); always empty in a first plan. */
  dependsOnKept: string[];
  agentId: string | null;
  requiresApproval: boolean;
}

export interface GoalPlan {
  summary: string;
  /** In an order where every task comes after the tasks it depends on. */
  tasks: PlannedTask[];
}

export type PlanReading = { ok: true; plan: GoalPlan } | { ok: false; problem: string };

const PRIORITIES: Record<string, TaskPriority> = { low: 'low', medium: 'normal', normal: 'normal', high: 'high', urgent: 'urgent', critical: 'urgent' };

/**
 * Reads a model's plan `{summary, tasks: [{title, description, priority, dependsOn: [index], agent_id,
 * requires_approval}]}`: 1 to MAX_PLAN_TASKS tasks, each titled, depending only on other tasks of
 * the plan (by index) or on the kept tasks `keptIds` (by id, a replan), with no cycle. Texts are trimmed and cut to the task limits; an unknown priority is
 * `normal`. The tasks come back ordered so that dependencies come first (indexes remapped).
 */
export function readGoalPlan(reply: JsonObject, keptIds: ReadonlySet<string> = new Set()): PlanReading {
  const raw = reply.tasks;
  if (!Array.isArray(raw) || raw.length === 0) return { ok: false, problem: 'it has no tasks' };
  if (raw.length > MAX_PLAN_TASKS) return { ok: false, problem: `it has ${raw.length} tasks, more than ${MAX_PLAN_TASKS}` };
  const tasks: PlannedTask[] = [];
  for (const [index, item] of raw.entries()) {
    const read = readTask(item, index, raw.length, keptIds);
    if (typeof read === 'string') return { ok: false, problem: `task ${index + 1} ${read}` };
    tasks.push(read);
  }
  const order = topologicalOrder(tasks);
  if (!order) return { ok: false, problem: 'its dependencies form a cycle' };
  const position = new Map(order.map((original, at) => [original, at]));
  const ordered = order.map((original) => ({ ...tasks[original], dependsOn: tasks[original].dependsOn.map((dep) => position.get(dep)!) }));
  const summary = typeof reply.summary === 'string' ? reply.summary.trim().slice(0, 1_000) : '';
  return { ok: true, plan: { summary, tasks: ordered } };
}

function readTask(item: JsonValue, index: number, count: number, keptIds: ReadonlySet<string>): PlannedTask | string {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return 'is not an object';
  const title = typeof item.title === 'string' ? item.title.trim().slice(0, TASK_LIMITS.titleChars) : '';
  if (!title) return 'has no title';
  const description = typeof item.description === 'string' ? item.description.trim().slice(0, TASK_LIMITS.descriptionChars) : '';
  const rawDeps = item.dependsOn ?? item.depends_on ?? [];
  if (!Array.isArray(rawDeps)) return 'has dependencies that are not a list';
  const distinct = [...new Set(rawDeps)];
  const kept = distinct.filter((dep): dep is string => typeof dep === 'string' && keptIds.has(dep));
  const dependsOn = distinct.filter((dep) => !kept.includes(dep as string));
  const bad = dependsOn.find((dep) => typeof dep !== 'number' || !Number.isInteger(dep) || dep < 0 || dep >= count || dep === index);
  if (bad !== undefined) return `depends on ${JSON.stringify(bad)}, which is not another task of the plan`;
  const agent = item.agent_id ?? item.agentId ?? null;
  if (agent !== null && (typeof agent !== 'string' || agent.length > TASK_LIMITS.idChars)) return 'names an agent that is not an id';
  const priority = typeof item.priority === 'string' ? (PRIORITIES[item.priority.toLowerCase()] ?? 'normal') : 'normal';
  const approval = item.requires_approval ?? item.requiresApproval;
  return { title, description, priority, dependsOn: dependsOn as number[], dependsOnKept: kept, agentId: agent || null, requiresApproval: approval === true };
}

/** Kahn's algorithm, keeping the model's order among tasks that are free at the same time; undefined on a cycle. */
function topologicalOrder(tasks: ReadonlyArray<PlannedTask>): number[] | undefined {
  const waiting = tasks.map((task) => task.dependsOn.length);
  const dependants = tasks.map(() => [] as number[]);
  tasks.forEach((task, index) => task.dependsOn.forEach((dep) => dependants[dep].push(index)));
  const order: number[] = [];
  const ready = tasks.flatMap((_, index) => (waiting[index] === 0 ? [index] : []));
  while (ready.length > 0) {
    ready.sort((a, b) => a - b);
    const next = ready.shift()!;
    order.push(next);
    for (const dependant of dependants[next]) {
      waiting[dependant] -= 1;
      if (waiting[dependant] === 0) ready.push(dependant);
    }
  }
  return order.length === tasks.length ? order : undefined;
}
