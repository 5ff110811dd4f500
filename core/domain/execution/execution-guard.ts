import { Execution, ExecutionStatus } from './execution.entity';
import { RecordedNode } from './recorded-node';

/**
 * The state a record must be in for a conditional change (compare-and-set) to apply: every
 * given condition must hold.
 */
export interface ExecutionGuard {
  /** One of these statuses. */
  from: ReadonlyArray<ExecutionStatus>;
  /** Leased by this owner (expired or not: the holder still owns it until someone takes it). */
  leaseOwner?: string;
  /**
   * Still in this attempt. The lease owner names a process, and a process may claim its own
   * execution again once it was taken back (after a stall past the lease): the attempt tells the
   * new run from the old one still in flight there.
   */
  attempt?: number;
  /** Leased, and the lease has not expired at this time. */
  leaseLiveAt?: Date;
  /** Not leased, or the lease has expired at this time. */
  leaseFreeAt?: Date;
}

/** The fields a conditional change may set; the rest of the record stays as stored. */
export type ExecutionChanges = Partial<
  Pick<
    Execution,
    'status' | 'success' | 'output' | 'steps' | 'runState' | 'tokenUsage' | 'llmCalls' | 'error' | 'attempt' | 'lease' | 'startedAt' | 'finishedAt'
  >
> & {
  /**
   * Workflow nodes settled since the last change, stored with it (atomically) one row each; a node
   * already stored stays as it is, so a change written twice is harmless. Once a record has such
   * nodes its `steps` are theirs, and its `runState` keeps only what they do not hold (the
   * `settled` nodes are theirs too): the change then sets neither whole.
   */
  recordedNodes?: ReadonlyArray<RecordedNode>;
};

export function guardHolds(execution: Execution, guard: ExecutionGuard): boolean {
  const { lease } = execution;
  if (!guard.from.includes(execution.status)) return false;
  if (guard.leaseOwner !== undefined && lease?.owner !== guard.leaseOwner) return false;
  if (guard.attempt !== undefined && execution.attempt !== guard.attempt) return false;
  if (guard.leaseLiveAt && !(lease && lease.expiresAt.getTime() > guard.leaseLiveAt.getTime())) return false;
  if (guard.leaseFreeAt && lease && lease.expiresAt.getTime() > guard.leaseFreeAt.getTime()) return false;
  return true;
}
