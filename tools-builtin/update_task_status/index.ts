/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { Json, platform, PlatformTaskMove, PlatformTaskStatusArgs } from 'kernel:api';

interface Input {
  task_id: string;
  status: PlatformTaskStatusArgs['status'];
  result?: Json;
  reason?: string;
}

export default async function updateTaskStatus(input: Input): Promise<PlatformTaskMove> {
  const move: PlatformTaskMove = await platform.call('tasks.update_status', {
    taskId: input.task_id,
    status: input.status,
    result: input.result,
    reason: input.reason,
  });
  const { id, goal_id, title, description, status, priority, requires_approval, depends_on, due_at, created_at, result, failure_reason, completed_at } =
    move.task;
  return {
    task: { id, goal_id, title, description, status, priority, requires_approval, depends_on, due_at, created_at, result, failure_reason, completed_at },
    previous_status: move.previous_status,
    action: move.action,
  };
}
