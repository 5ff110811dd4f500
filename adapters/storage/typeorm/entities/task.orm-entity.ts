import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Row of `tasks`; its dependencies are rows of `task_dependencies`. No column is nullable
 * (MariaDB reports nullable defaults in a way TypeORM misreads): an absent id or text is empty,
 * an absent instant is the epoch (`NO_INSTANT`). So `goal_id` carries no foreign key either;
 * goals are cancelled, never deleted.
 */
@Entity({ name: 'tasks' })
@Index('IDX_tasks_owner_created', ['ownerId', 'createdAt'])
@Index('IDX_tasks_goal_status', ['goalId', 'status'])
@Index('IDX_tasks_assignee_agent', ['assigneeAgentId'])
@Index('IDX_tasks_lease', ['status', 'leaseExpiresMs'])
export class TaskOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  /** Empty for a task outside any goal. */
  @Column({ name: 'goal_id', type: 'varchar', length: 36 })
  goalId!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'varchar', length: 24 })
  status!: string;

  @Column({ type: 'varchar', length: 16 })
  priority!: string;

  @Column({ name: 'requires_approval', type: 'boolean' })
  requiresApproval!: boolean;

  /** Empty when unassigned. */
  @Column({ name: 'assignee_agent_id', type: 'varchar', length: 36 })
  assigneeAgentId!: string;

  /** Empty while nobody holds the task. */
  @Column({ name: 'claimed_by', type: 'varchar', length: 36 })
  claimedBy!: string;

  /** Whether the claim is an agent's run rather than a person's (`Task.claimedByAgent`). */
  @Column({ name: 'claimed_by_agent', type: 'boolean', default: false })
  claimedByAgent!: boolean;

  /** Epoch milliseconds when the claim lapses; 0 without a lease. Compared arithmetically, the same on every dialect. */
  @Column({ name: 'lease_expires_ms', type: 'bigint', default: 0 })
  leaseExpiresMs!: string | number;

  /** JSON text of the result (`null` before completion). */
  @Column({ type: 'text' })
  result!: string;

  /** Empty unless the task failed. */
  @Column({ name: 'failure_reason', type: 'text' })
  failureReason!: string;

  /** `NO_INSTANT` when there is no due date. */
  @Column({ name: 'due_at', type: 'datetime', precision: 3 })
  dueAt!: Date;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;

  /** `NO_INSTANT` until the task is completed. */
  @Column({ name: 'completed_at', type: 'datetime', precision: 3 })
  completedAt!: Date;
}

/** Epoch milliseconds that stand for "no instant" in `due_at` and `completed_at`. */
export const NO_INSTANT = 0;
