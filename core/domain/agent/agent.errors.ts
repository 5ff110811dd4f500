import { DomainError, FieldIssue } from '../../shared/domain-error';
import { AgentStatus } from './agent.entity';

/** Also thrown when the agent exists but the actor may not see it, so its existence is never revealed. */
export class AgentNotFoundError extends DomainError {
  readonly code = 'agent.not_found';
  constructor(id: string) {
    super(`Agent "${id}" not found`);
  }
}

export class AgentVersionNotFoundError extends DomainError {
  readonly code = 'agent.not_found';
  constructor(id: string, version: number) {
    super(`Agent "${id}" has no version ${version}`);
  }
}

/** The actor sees the agent (it is deployed) but may not change it: only its owner or an admin may. */
export class AgentForbiddenError extends DomainError {
  readonly code = 'agent.forbidden';
  constructor(action: string) {
    super(`Only the owner of this agent or an administrator may ${action} it`);
  }
}

/** The agent's state does not allow the change (illegal transition, concurrent change). */
export class AgentConflictError extends DomainError {
  readonly code = 'agent.conflict';
}

export class IllegalAgentTransitionError extends AgentConflictError {
  constructor(action: string, from: AgentStatus) {
    super(`Cannot ${action} an agent that is ${from}`);
  }
}

export class AgentValidationError extends DomainError {
  readonly code = 'agent.validation';
  constructor(message: string, details?: FieldIssue[]) {
    super(message, details);
  }
}

/** A list cursor that no page of the list handed out, or one passed together with `page`. */
export class AgentListCursorError extends DomainError {
  readonly code = 'agent.bad_request';
}
