import { Run, RunStatus } from '../domain/run/run.entity';
import { token } from '../shared/token';

/** Stored runs: who owns each, its status and its lease. */
export interface RunRepository {
  create(run: Run): Promise<void>;

  findById(id: string): Promise<Run | undefined>;

  /** Sets the status (and `updatedAt`); a run that has ended keeps its lease fields cleared. */
  setStatus(id: string, status: RunStatus, now: Date): Promise<void>;

  /**
   * Takes or renews the lease of a `running` run for `worker` until `until`: succeeds when the
   * run has no lease, its lease expired by `now`, or `worker` already holds it. Atomic: of
   * workers racing for one expired lease, exactly one wins.
   */
  claimLease(id: string, worker: string, now: Date, until: Date): Promise<boolean>;
}

export const RUN_REPOSITORY = token<RunRepository>('RunRepository');
