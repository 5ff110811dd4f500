import { DomainError } from '../../shared/domain-error';

/** Missing, or not readable by the actor: the two are indistinguishable (no enumeration). */
export class KnowledgeBaseNotFoundError extends DomainError {
  readonly code = 'knowledge_base.not_found';
  constructor(id: string) {
    super(`Knowledge base "${id}" not found`);
  }
}

/** Readable (public) but not the actor's to change. */
export class KnowledgeBaseForbiddenError extends DomainError {
  readonly code = 'knowledge_base.forbidden';
  constructor(action: string) {
    super(`You may not ${action} this knowledge base`);
  }
}

export class KnowledgeDocumentNotFoundError extends DomainError {
  readonly code = 'knowledge_document.not_found';
  constructor(id: string) {
    super(`Document "${id}" not found`);
  }
}

export class KnowledgeDocumentTooLargeError extends DomainError {
  readonly code = 'knowledge_document.too_large';
  constructor(maxChars: number) {
    super(`The document is longer than ${maxChars} characters`);
  }
}
