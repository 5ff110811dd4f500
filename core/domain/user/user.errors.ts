import { DomainError } from '../../shared/domain-error';

export class EmailTakenError extends DomainError {
  readonly code = 'user.conflict';
  constructor() {
    super('A user with this e-mail already exists');
  }
}

export class UserNotFoundError extends DomainError {
  readonly code = 'user.not_found';
  constructor() {
    super('User not found');
  }
}
