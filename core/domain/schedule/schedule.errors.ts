import { DomainError, FieldIssue } from '../../shared/domain-error';

export class ScheduleNotFoundError extends DomainError {
  readonly code = 'schedule.not_found';
  constructor(id: string) {
    super(`Schedule "${id}" not found`);
  }
}

/** A schedule description that breaks the rules; `details` names the fields. */
export class ScheduleValidationError extends DomainError {
  readonly code = 'schedule.validation';
  constructor(message: string, details?: FieldIssue[]) {
    super(message, details);
  }
}

/**
 * The owner already keeps the most schedules one user may. A conflict with what is stored
 * (409), not a fault in the request: the same request succeeds once one is deleted.
 */
export class ScheduleQuotaExceededError extends DomainError {
  readonly code = 'schedule.conflict';
  constructor(limit: number) {
    super(`Schedule quota reached: one user may keep at most ${limit} schedules; delete one before creating another`);
  }
}
