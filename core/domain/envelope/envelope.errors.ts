import { DomainError } from '../../shared/domain-error';

/** Login with an e-mail no envelope user has (40001). */
export class EnvelopeUnknownUserError extends DomainError {
  readonly code = 'envelope_user.unknown_user';
  constructor() {
    super('User does not exist');
  }
}

/** Login with a wrong password (40002). */
export class EnvelopeWrongPasswordError extends DomainError {
  readonly code = 'envelope_user.wrong_password';
  constructor() {
    super('Wrong password');
  }
}

/** Registration with an e-mail already registered (40003). */
export class EnvelopeEmailTakenError extends DomainError {
  readonly code = 'envelope_user.email_taken';
  constructor() {
    super('E-mail already registered');
  }
}

/** Registration with a password that breaks the rule (40004). */
export class EnvelopeWeakPasswordError extends DomainError {
  readonly code = 'envelope_user.weak_password';
  constructor(message: string) {
    super(message);
  }
}
