import { DomainError, FieldIssue } from '../../shared/domain-error';

export class DataSourceNotFoundError extends DomainError {
  readonly code = 'data_source.not_found';
  constructor(id: string) {
    super(`Data source "${id}" not found`);
  }
}

export class DataSourceNameTakenError extends DomainError {
  readonly code = 'data_source.conflict';
  constructor(name: string) {
    super(`A data source named "${name}" already exists`);
  }
}

/** A data-source description, query or document that breaks the rules; `details` names the fields. */
export class DataSourceValidationError extends DomainError {
  readonly code = 'data_source.validation';
  constructor(message: string, details?: FieldIssue[]) {
    super(message, details);
  }
}

/** The query is not one read-only statement (write, DDL, several statements, session change…). */
export class ReadOnlyQueryError extends DomainError {
  readonly code = 'data_source.validation';
  constructor(reason: string) {
    super(`Only one read-only statement (SELECT, WITH, SHOW, EXPLAIN) is allowed: ${reason}`);
  }
}

/** The database refused the query itself (syntax, unknown table…); the message is the database's, shortened. */
export class DataSourceQueryError extends DomainError {
  readonly code = 'data_source.validation';
}

export class DataSourceTimeoutError extends DomainError {
  readonly code = 'data_source.upstream_timeout';
  constructor(timeoutMs: number) {
    super(`The query did not finish within ${timeoutMs} ms`);
  }
}

/** Connection refused, bad credentials, missing database or file; the message never carries driver text. */
export class DataSourceUnreachableError extends DomainError {
  readonly code = 'data_source.upstream_error';
}

/** A document query that would take more work than one call may spend (see DOCUMENT_QUERY_LIMITS). */
export class DocumentQueryTooCostlyError extends DomainError {
  readonly code = 'data_source.too_large';
}
