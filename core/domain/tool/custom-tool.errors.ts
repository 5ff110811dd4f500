import { DomainError } from '../../shared/domain-error';

/** An owner already has a custom tool of that name, or a built-in tool or plugin has it. */
export class ToolNameTakenError extends DomainError {
  readonly code = 'tool.conflict';
  constructor(name: string) {
    super(`A tool named "${name}" already exists`);
  }
}

/** Built-in tools and market plugins are changed by deployment or the plugin market, never by the Tools API. */
export class ToolReadOnlyError extends DomainError {
  readonly code = 'tool.forbidden';
  constructor(id: string) {
    super(`Tool "${id}" is not a custom tool and cannot be changed or deleted`);
  }
}

/** A sealed secret that does not open: tampered with, moved to another record, or sealed under another key. */
export class SecretUnreadableError extends DomainError {
  readonly code = 'secret.unreadable';
  constructor() {
    super('The stored secret cannot be read');
  }
}
