import { ExecutionStateError } from './execution.errors';
import { ExecutionStatus } from './execution.entity';

/** What a caller may ask of an execution once it exists. */
export type ExecutionAction = 'pause' | 'resume' | 'cancel';

/**
 * pending → running → completed | failed | cancelled, running ↔ paused (decisions.md,
 * "Execution states"). The statuses each action starts from; where it lands is decided by the
 * use case (a resumed run continues where its process still holds it, else it is queued again).
 */
const FROM: Readonly<Record<ExecutionAction, ReadonlyArray<ExecutionStatus>>> = {
  pause: ['running'],
  resume: ['paused'],
  cancel: ['pending', 'running', 'paused'],
};

export function actionStartsFrom(action: ExecutionAction): ReadonlyArray<ExecutionStatus> {
  return FROM[action];
}

/** Throws `ExecutionStateError` (a 409) when `action` does not apply to an execution in `status`. */
export function assertLegalAction(action: ExecutionAction, status: ExecutionStatus): void {
  if (!FROM[action].includes(status)) {
    throw new ExecutionStateError(`Cannot ${action} an execution that is ${status}; ${action} applies to ${FROM[action].join(' or ')} executions`);
  }
}
