import { DomainError } from '../../shared/domain-error';

/** Also for another user's session, or a session with another agent: its existence is never revealed. */
export class ChatSessionNotFoundError extends DomainError {
  readonly code = 'chat_session.not_found';
  constructor(id: string) {
    super(`Chat session "${id}" not found`);
  }
}

export class ChatRateLimitedError extends DomainError {
  readonly code = 'chat.rate_limited';
  constructor(
    limit: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`At most ${limit} chat messages per minute; try again in ${retryAfterSeconds} s`);
  }
}

/** A non-streamed turn that ended without an answer; `code` is the run's (`agent.iteration_limit`, `budget_exceeded`…). */
export class ChatTurnFailedError extends DomainError {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
