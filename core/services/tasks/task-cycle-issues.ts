import { Task } from '../../domain/task/task.entity';
import { FieldIssue } from '../../shared/domain-error';

/**
 * Whether making `taskId` depend on `dependencies` would close a cycle: it would when any of them
 * already depends on `taskId`, directly or through others. Walks the dependencies breadth first,
 * loading each level with `load`, so only what they reach is read.
 */
export async function cycleIssues(taskId: string, dependencies: ReadonlyArray<Task>, load: (ids: string[]) => Promise<Task[]>): Promise<FieldIssue[]> {
  const seen = new Set<string>(dependencies.map((task) => task.id));
  // Which direct dependency each reached task was reached through, to name it in the message.
  const via = new Map<string, Task>(dependencies.map((task) => [task.id, task]));
  let level: ReadonlyArray<Task> = dependencies;
  while (level.length > 0) {
    const closing = level.find((task) => task.dependsOn.includes(taskId));
    if (closing) {
      const direct = via.get(closing.id) ?? closing;
      return [{ field: 'depends_on', message: `task "${direct.id}" already depends on this task: the dependencies would form a cycle` }];
    }
    const next: string[] = [];
    for (const task of level) {
      for (const id of task.dependsOn) {
        if (seen.has(id)) continue;
        seen.add(id);
        const direct = via.get(task.id);
        if (direct) via.set(id, direct);
        next.push(id);
      }
    }
    level = await load(next);
  }
  return [];
}
