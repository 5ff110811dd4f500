import { DomainError } from '../../shared/domain-error';

/** Also thrown when the agent exists but the actor may not see it, so its existence is never revealed. */
export class AgentNotFoundError extends DomainError {
  readonly code = 'agent.not_found';
  constructor(id: string) {
    super(`Agent "${id}" not found`);
  }
}
