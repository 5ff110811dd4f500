import { DomainError } from '../../shared/domain-error';

/** Also thrown when the template exists but belongs to someone else, so its existence is never revealed. */
export class NodeTemplateNotFoundError extends DomainError {
  readonly code = 'node_template.not_found';
  constructor(id: string) {
    super(`Node template "${id}" not found`);
  }
}

/** The owner already keeps as many templates as one user may. */
export class NodeTemplateLimitError extends DomainError {
  readonly code = 'node_template.exceeded';
  constructor(limit: number) {
    super(`You keep ${limit} node templates already, the most one user may; delete some first`);
  }
}
