import { JsonValue } from '../../shared/json';

export const TASK_STATUSES = ['pending', 'claimed', 'awaiting_approval', 'completed', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** A unit of work, alone or inside a goal; its status follows task-transitions.ts. */
export interface Task {
  /** UUID. */
  id: string;
  ownerId: string;
  goalId: string | null;
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  /** When true, `complete` lands in `awaiting_approval` and `approve` finishes the task. */
  requiresApproval: boolean;
  assigneeAgentId: string | null;
  /** User id of whoever claimed it; null while pending. */
  claimedBy: string | null;
  /**
   * Whether the claim is an agent's run (TaskExecutor) rather than a person's work. A rejected
   * result stays claimed by its claimer either way; when that is an agent, a goal's run redoes it.
   */
  claimedByAgent: boolean;
  /**
   * When the claim lapses and the task returns to `pending` unless the claimer claims it again;
   * null for a claim without a lease (held until released) and whenever the task is not claimed.
   */
  leaseExpiresAt: Date | null;
  /** Ids of tasks (same owner, same goal) that must be completed first; fixed at creation. */
  dependsOn: string[];
  /** What `complete` handed in; null until then. */
  result: JsonValue;
  failureReason: string | null;
  dueAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}
