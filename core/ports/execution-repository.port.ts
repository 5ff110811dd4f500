import { Execution, ExecutionStatus } from '../domain/execution/execution.entity';
import { token } from '../shared/token';

/** Stored execution records. Access rules live in the services, not here. */
export interface ExecutionRepository {
  findById(id: string): Promise<Execution | undefined>;
  /** Stores a new record with every field as given. */
  create(execution: Execution): Promise<void>;
  /** Overwrites every field but `id`, `ownerId` and `createdAt`; throws `ExecutionNotFoundError` when there is no such record. */
  update(execution: Execution): Promise<void>;
  /**
   * Moves the record from `from` to `to` and sets `startedAt`, only if it is still in `from`:
   * one conditional update, so of several workers handed the same job exactly one gets true.
   */
  claim(id: string, from: ExecutionStatus, to: ExecutionStatus, startedAt: Date): Promise<boolean>;
}

export const EXECUTION_REPOSITORY = token<ExecutionRepository>('ExecutionRepository');
