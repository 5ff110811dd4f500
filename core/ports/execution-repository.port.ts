import { ExecutionChanges, ExecutionGuard } from '../domain/execution/execution-guard';
import { Execution, ExecutionStatus, ExecutionTargetType } from '../domain/execution/execution.entity';
import { TokenUsage } from '../domain/llm/chat-message';
import { Page, PageRequest } from '../shared/pagination';
import { token } from '../shared/token';

/** Every filter given must match. */
export interface ExecutionFilterQuery {
  /** Only this owner's records; all owners when absent (admins). */
  ownerId?: string;
  targetType?: ExecutionTargetType;
  targetId?: string;
  /** Created at or after. */
  createdFrom?: Date;
  /** Created before. */
  createdBefore?: Date;
}

export interface ExecutionListQuery extends PageRequest, ExecutionFilterQuery {
  status?: ExecutionStatus;
  /** Only the runs this execution started. */
  parentExecutionId?: string;
}

/** Aggregates over the records a query matches. */
export interface ExecutionStatistics {
  total: number;
  byStatus: Record<ExecutionStatus, number>;
  /** Mean of `finishedAt - startedAt` over finished records that ran; null when there are none. */
  averageDurationMs: number | null;
  tokenUsage: TokenUsage;
  llmCalls: number;
}

/** Stored execution records. Access rules live in the services, not here. */
export interface ExecutionRepository {
  findById(id: string): Promise<Execution | undefined>;
  /** The record's status alone (undefined when there is none): what a running execution's heartbeat checks, without its steps. */
  statusOf(id: string): Promise<ExecutionStatus | undefined>;
  /** Stores a new record with every field as given. */
  create(execution: Execution): Promise<void>;
  /** Overwrites every field but `id`, `ownerId` and `createdAt`; throws `ExecutionNotFoundError` when there is no such record. */
  update(execution: Execution): Promise<void>;
  /**
   * Applies `changes` only if the stored record satisfies `guard`, atomically: of several
   * processes racing from the same state, exactly one gets true. False when the record is
   * missing or the guard does not hold. Every claim, lease renewal, pause, cancel and outcome
   * goes through here, so no process overwrites a change it has not seen.
   */
  transition(id: string, guard: ExecutionGuard, changes: ExecutionChanges): Promise<boolean>;
  /** Newest first (creation time, then id). */
  list(query: ExecutionListQuery): Promise<Page<Execution>>;
  /** Counts, durations and tokens over the matching records, computed by the store. */
  statistics(query: ExecutionFilterQuery): Promise<ExecutionStatistics>;
  /** `running` records whose lease expired at `now` (the oldest expiry first), at most `limit`. */
  findExpiredLeases(now: Date, limit: number): Promise<Execution[]>;
}

export const EXECUTION_REPOSITORY = token<ExecutionRepository>('ExecutionRepository');
