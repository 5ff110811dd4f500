/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { platform, PlatformTask, PlatformTaskPriority } from 'kernel:api';

interface Input {
  title: string;
  description?: string;
  goal_id?: string;
  priority?: PlatformTaskPriority;
  requires_approval?: boolean;
  depends_on?: string[];
  due_at?: string;
}

export default async function createTask(input: Input): Promise<PlatformTask> {
  const task: PlatformTask = await platform.call('tasks.create', {
    title: input.title,
    description: input.description,
    goalId: input.goal_id,
    priority: input.priority,
    requiresApproval: input.requires_approval,
    dependsOn: input.depends_on,
    dueAt: input.due_at,
  });
  const { id, goal_id, title, description, status, priority, requires_approval, depends_on, due_at, created_at } = task;
  return { id, goal_id, title, description, status, priority, requires_approval, depends_on, due_at, created_at };
}
