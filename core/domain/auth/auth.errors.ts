import { DomainError } from '../../shared/domain-error';

export class InvalidCredentialsError extends DomainError {
  readonly code = 'auth.unauthorized';
  constructor() {
    super('Incorrect e-mail or password');
  }
}

export class InvalidTokenError extends DomainError {
  readonly code = 'auth.unauthorized';
  constructor(message = 'Invalid or expired token') {
    super(message);
  }
}

export class TooManyLoginAttemptsError extends DomainError {
  readonly code = 'auth.rate_limited';
  constructor(readonly retryAfterSeconds: number) {
    super('Too many failed login attempts; try again later');
  }
}

export class TooManyRegistrationsError extends DomainError {
  readonly code = 'auth.rate_limited';
  constructor(readonly retryAfterSeconds: number) {
    super('Too many sign-ups from this address; try again later');
  }
}
