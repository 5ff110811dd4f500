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

/** The base's vectors were made by another embedding model than the one this server runs. */
export class KnowledgeBaseEmbeddingMismatchError extends DomainError {
  readonly code = 'knowledge_base.conflict';
  constructor(baseModel: string, serverModel: string) {
    super(
      `This knowledge base was indexed with the embedding model "${baseModel}" and this server embeds with "${serverModel}": ` +
        'its vectors cannot be compared; create a new base (or delete its documents) to index with the current model',
    );
  }
}

/** A document's source could not be turned into text; the message is shown to the user as the failure reason. */
export class KnowledgeSourceUnreadableError extends DomainError {
  readonly code = 'knowledge_document.unreadable';
  constructor(reason: string) {
    super(reason);
  }
}
