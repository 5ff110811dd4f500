/** `running` until the run ends; then how it ended. */
export type RunStatus = 'running' | 'completed' | 'failed' | 'cancelled';

/** What kind of work a run is: `chat`, `execution`, `orchestration`, `swarm`, `workflow`… */
export type RunKind = string;

/**
 * A run: one piece of work whose events are logged under its id (the stream id of SSE).
 * `leaseOwner` and `leaseExpiresAt` say which worker runs it until when; a lease that has
 * expired may be claimed by another worker (a dead worker's run is reclaimed).
 */
export interface Run {
  /** UUID. */
  id: string;
  kind: RunKind;
  ownerId: string;
  status: RunStatus;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** When the run and its events may be deleted (the expiry sweep). */
  expiresAt: Date;
}
