import { DomainError, FieldIssue } from '../../shared/domain-error';
import { TaskAction } from './task-action';
import { TaskStatus } from './task.entity';

/** Missing, or not the actor's: the two are indistinguishable (no enumeration). */
export class TaskNotFoundError extends DomainError {
  readonly code = 'task.not_found';
  constructor(id: string) {
    super(`Task "${id}" not found`);
  }
}

/** The task's state does not allow the change (illegal transition, unfinished dependency, concurrent change). */
export class TaskConflictError extends DomainError {
  readonly code = 'task.conflict';
}

export class IllegalTaskTransitionError extends TaskConflictError {
  constructor(
    readonly action: TaskAction,
    readonly from: TaskStatus,
  ) {
    super(`Cannot ${action} a task that is ${from}`);
  }
}

export class TaskValidationError extends DomainError {
  readonly code = 'task.validation';
  constructor(message: string, details?: FieldIssue[]) {
    super(message, details);
  }
}
