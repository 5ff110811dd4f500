import { DomainError } from '../../shared/domain-error';

/** Also for another user's branch: its existence is never revealed. */
export class ChatBranchNotFoundError extends DomainError {
  readonly code = 'chat_branch.not_found';
  constructor(id: string) {
    super(`Branch "${id}" not found`);
  }
}
