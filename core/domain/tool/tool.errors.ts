import { DomainError, FieldIssue } from '../../shared/domain-error';

export class ToolNotFoundError extends DomainError {
  readonly code = 'tool.not_found';
  constructor(id: string) {
    super(`Tool "${id}" not found`);
  }
}

/** Two plugins claim one id (the kernel refuses a colliding id). */
export class ToolIdConflictError extends DomainError {
  readonly code = 'tool.conflict';
  constructor(id: string) {
    super(`A tool with id "${id}" is already registered`);
  }
}

/** A manifest or plugin bundle the kernel refuses; `details` lists every problem. */
export class InvalidPluginError extends DomainError {
  readonly code = 'plugin.validation';
  constructor(message: string, details: FieldIssue[]) {
    super(message, details);
  }
}

/** The user's weighted tool uses in the current minute are spent (docs/security.md). */
export class ToolUseRateLimitedError extends DomainError {
  readonly code = 'tool.rate_limited';
  constructor(
    limit: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`At most ${limit} tool uses per minute (costly tools count more); try again in ${retryAfterSeconds} s`);
  }
}
