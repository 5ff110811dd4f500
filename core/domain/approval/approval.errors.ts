import { DomainError } from '../../shared/domain-error';

/** Also thrown for another user's approval, so its existence is never revealed. */
export class ApprovalNotFoundError extends DomainError {
  readonly code = 'approval.not_found';
  constructor(id: string) {
    super(`Approval "${id}" not found`);
  }
}

/** Decided already (twice, or by a concurrent request). */
export class ApprovalDecidedError extends DomainError {
  readonly code = 'approval.conflict';
  constructor() {
    super('The approval has already been decided');
  }
}

/** The execution the approval was waiting for has ended (cancelled, say): there is nothing left to decide. */
export class ApprovalClosedError extends DomainError {
  readonly code = 'approval.conflict';
  constructor(executionStatus: string) {
    super(`The execution waiting for this approval has ended: it is ${executionStatus}`);
  }
}
