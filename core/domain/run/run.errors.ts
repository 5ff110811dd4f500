import { DomainError } from '../../shared/domain-error';

/** Also thrown when the run exists but belongs to someone else, so its existence is never revealed. */
export class RunNotFoundError extends DomainError {
  readonly code = 'run.not_found';
  constructor(id: string) {
    super(`Stream "${id}" not found`);
  }
}
