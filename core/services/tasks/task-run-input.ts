import { Task } from '../../domain/task/task.entity';
import { cutText } from '../agents/tool-reply';

/** How much of each dependency's result the agent is shown. */
const DEPENDENCY_RESULT_CHARS = 4_000;

/**
 * What the task's agent is asked: the task, and the results of the tasks it depends on (so the
 * results of completed work feed the work that waits for it).
 */
export function taskRunInput(task: Task, dependencies: ReadonlyArray<Task>): string {
  const parts = [`Task: ${task.title}`];
  if (task.description) parts.push(task.description);
  const done = dependencies.filter((dependency) => dependency.result !== null);
  if (done.length > 0) {
    const lines = done.map((dependency) => `- ${dependency.title}: ${cutText(resultText(dependency), DEPENDENCY_RESULT_CHARS)}`);
    parts.push(`Results of the tasks this one depends on:\n${lines.join('\n')}`);
  }
  return parts.join('\n\n');
}

function resultText(task: Task): string {
  const result = task.result;
  if (typeof result === 'string') return result;
  if (result !== null && typeof result === 'object' && !Array.isArray(result) && typeof result.output === 'string') return result.output;
  return JSON.stringify(result);
}
