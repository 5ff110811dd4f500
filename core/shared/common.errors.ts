import { DomainError, FieldIssue } from './domain-error';

/** Generic errors for cases that belong to no single aggregate. Aggregates define their own. */
export class ValidationError extends DomainError {
  readonly code = 'input.validation';
  constructor(message: string, details?: FieldIssue[]) {
    super(message, details);
  }
}

export class BadRequestError extends DomainError {
  readonly code = 'input.bad_request';
}

export class UnauthorizedError extends DomainError {
  readonly code = 'auth.unauthorized';
}

export class ForbiddenError extends DomainError {
  readonly code = 'auth.forbidden';
}

export class RateLimitedError extends DomainError {
  readonly code = 'request.rate_limited';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  readonly code: string;
  constructor(resource: string, message = `${resource} not found`) {
    super(message);
    this.code = `${resource}.not_found`;
  }
}

export class ConflictError extends DomainError {
  readonly code: string;
  constructor(resource: string, message: string) {
    super(message);
    this.code = `${resource}.conflict`;
  }
}
