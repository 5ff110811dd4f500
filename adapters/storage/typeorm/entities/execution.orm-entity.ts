import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
/**
 * Row of `executions`; the schema itself is owned by the migrations. No column is nullable
 * (MariaDB reports nullable defaults in a way TypeORM misreads): an absent schedule or error
 * is empty text, an absent time the epoch, and `success` is read only once the run finished.
 */
@Entity({ name: 'executions' })
@Index('IDX_executions_owner_created', ['ownerId', 'createdAt'])
@Index('IDX_executions_target', ['targetType', 'targetId'])
@Index('IDX_executions_lease', ['status', 'leaseExpiresMs'])
@Index('IDX_executions_parent', ['parentExecutionId'])
export class ExecutionOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ name: 'target_type', type: 'varchar', length: 16 })
  targetType!: string;

  @Column({ name: 'target_id', type: 'varchar', length: 36 })
  targetId!: string;

  /** The target's version the execution pinned at creation; 0 for records older than the column. */
  @Column({ name: 'target_version', type: 'integer', default: 0 })
  targetVersion!: number;

  @Column({ type: 'varchar', length: 32 })
  mode!: string;

  /** `trigger` is a reserved word in MySQL. */
  @Column({ name: 'triggered_by', type: 'varchar', length: 16 })
  triggeredBy!: string;

  @Column({ name: 'schedule_id', type: 'varchar', length: 36 })
  scheduleId!: string;

  /** '' for a top-level run. */
  @Column({ name: 'parent_execution_id', type: 'varchar', length: 36, default: '' })
  parentExecutionId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ type: 'boolean' })
  success!: boolean;

  /**
   * `{input, options, output, steps}` in one `json` column: step outputs easily outgrow MySQL's 64 KiB
   * TEXT (see WorkflowOrmEntity.graph), and an object is never SQL NULL, unlike a lone output.
   */
  @Column({ type: 'json' })
  payload!: object;

  /** The mode's resumable state (a workflow's GraphRunState), `{}` when none: JSON for the reasons `payload` is. */
  @Column({ name: 'run_state', type: 'json', default: '{}' })
  runState!: object;

  @Column({ name: 'prompt_tokens', type: 'integer' })
  promptTokens!: number;

  @Column({ name: 'completion_tokens', type: 'integer' })
  completionTokens!: number;

  @Column({ name: 'total_tokens', type: 'integer' })
  totalTokens!: number;

  @Column({ name: 'llm_calls', type: 'integer', default: 0 })
  llmCalls!: number;

  @Column({ type: 'integer', default: 0 })
  attempt!: number;

  /** The process holding the lease; empty when none does. */
  @Column({ name: 'lease_owner', type: 'varchar', length: 64, default: '' })
  leaseOwner!: string;

  /** Epoch milliseconds (0 when there is no lease): compared arithmetically in SQL, the same way on every dialect. */
  @Column({ name: 'lease_expires_ms', type: 'bigint', default: 0 })
  leaseExpiresMs!: string | number;

  /** +1 on every write: a conditional change applies only to the revision it read (optimistic lock). */
  @Column({ type: 'integer', default: 0 })
  revision!: number;

  @Column({ name: 'error_code', type: 'varchar', length: 100 })
  errorCode!: string;

  @Column({ name: 'error_message', type: 'text' })
  errorMessage!: string;

  /** `finished_at - started_at` once both are set, else -1: lets statistics average durations in SQL on every dialect. */
  @Column({ name: 'duration_ms', type: 'bigint', default: -1 })
  durationMs!: string | number;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'started_at', type: 'datetime', precision: 3 })
  startedAt!: Date;

  @Column({ name: 'finished_at', type: 'datetime', precision: 3 })
  finishedAt!: Date;
}
