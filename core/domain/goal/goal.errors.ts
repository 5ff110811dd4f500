import { DomainError, FieldIssue } from '../../shared/domain-error';
import { GoalAction } from './goal-action';
import { GoalStatus } from './goal.entity';

/** Missing, or not the actor's: the two are indistinguishable (no enumeration). */
export class GoalNotFoundError extends DomainError {
  readonly code = 'goal.not_found';
  constructor(id: string) {
    super(`Goal "${id}" not found`);
  }
}

/** The goal's state does not allow the change (illegal transition, concurrent change). */
export class GoalConflictError extends DomainError {
  readonly code = 'goal.conflict';
}

export class IllegalGoalTransitionError extends GoalConflictError {
  constructor(
    readonly action: GoalAction,
    readonly from: GoalStatus,
  ) {
    super(`Cannot ${action} a goal that is ${from}`);
  }
}

export class GoalValidationError extends DomainError {
  readonly code = 'goal.validation';
  constructor(message: string, details?: FieldIssue[]) {
    super(message, details);
  }
}

/** The model's plan for a goal could not be read or broke a rule (goal-plan.ts); nothing was stored. */
export class GoalPlanError extends DomainError {
  readonly code = 'goal.upstream_error';
}
