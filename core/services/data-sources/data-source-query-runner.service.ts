import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { DataSource, DataSourceSummary, secretContextOfDataSource } from '../../domain/data-source/data-source.entity';
import { DataSourceNotFoundError, DataSourceValidationError, ReadOnlyQueryError } from '../../domain/data-source/data-source.errors';
import { parseDocumentQuery } from '../../domain/data-source/document-query/document-query';
import { readOnlyRefusal, SqlDialect } from '../../domain/data-source/sql-statement-guard';
import { CLOCK, Clock } from '../../ports/clock.port';
import { DataSourceGateway, DataSourceQueryRequest } from '../../ports/data-source-gateway.port';
import { DATA_SOURCE_REPOSITORY, DataSourceRepository } from '../../ports/data-source-repository.port';
import { DOCUMENT_COLLECTION_REPOSITORY, DocumentCollectionRepository } from '../../ports/document-collection-repository.port';
import { SECRET_CIPHER, SecretCipher } from '../../ports/secret-cipher.port';
import { SAFE_REGEX_ENGINE, SafeRegexEngine } from '../../ports/safe-regex-engine.port';
import { QueryResult, SQL_QUERY_EXECUTOR, SqlQueryExecutor, SqlStatement, SqlTarget } from '../../ports/sql-query-executor.port';
import { TCP_EGRESS_GUARD, TcpEgressGuard } from '../../ports/tcp-egress-guard.port';
import { JsonValue } from '../../shared/json';
import { clamp, DATA_SOURCE_LIMITS } from './data-source-limits';
import { runDocumentQuery } from './document-query-engine';

const MAX_LISTED = 100;

/**
 * Runs read-only queries on the data sources an actor may read: SQL (one statement the
 * guard accepts, parameters bound, a row cap and a statement timeout) on `sqlite` and
 * `mysql`, MongoDB-style JSON queries on `document`. The MySQL host goes through the egress
 * guard first, and its password is unsealed only for the call.
 */
@injectable()
export class DataSourceQueryRunner implements DataSourceGateway {
  constructor(
    @inject(DATA_SOURCE_REPOSITORY) private readonly sources: DataSourceRepository,
    @inject(DOCUMENT_COLLECTION_REPOSITORY) private readonly documents: DocumentCollectionRepository,
    @inject(SQL_QUERY_EXECUTOR) private readonly sql: SqlQueryExecutor,
    @inject(TCP_EGRESS_GUARD) private readonly egress: TcpEgressGuard,
    @inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(SAFE_REGEX_ENGINE) private readonly regexes: SafeRegexEngine,
  ) {}

  async list(actor: Actor): Promise<DataSourceSummary[]> {
    const { items } = await this.sources.list(actor.userId, 0, MAX_LISTED);
    return items.map(({ id, name, type }) => ({ id, name, type }));
  }

  async query(actor: Actor, request: DataSourceQueryRequest): Promise<QueryResult> {
    const source = await this.sources.findById(request.dataSourceId);
    if (!source || !can(actor, 'read', source)) throw new DataSourceNotFoundError(request.dataSourceId);
    const maxRows = clamp(request.maxRows, DATA_SOURCE_LIMITS.defaultMaxRows, 1, DATA_SOURCE_LIMITS.maxRows);
    const timeoutMs = clamp(request.timeoutMs, DATA_SOURCE_LIMITS.defaultTimeoutMs, DATA_SOURCE_LIMITS.minTimeoutMs, DATA_SOURCE_LIMITS.maxTimeoutMs);
    const maxChars = clamp(request.maxChars, DATA_SOURCE_LIMITS.maxResultChars, 1000, DATA_SOURCE_LIMITS.maxResultChars);
    if (typeof request.query !== 'string' || request.query.trim() === '') throw invalid('query', 'must be a non-empty string');
    if (source.type === 'document') {
      if ((request.params ?? []).length > 0) throw invalid('params', 'are not used by document queries; put values in the filter');
      const query = parseDocumentQuery(request.query, (pattern, flags) => this.regexes.compile(pattern, flags));
      return runDocumentQuery(this.documents, this.clock, source.id, query, { maxRows, maxChars, timeoutMs, signal: request.signal });
    }
    const statement: SqlStatement = {
      sql: request.query,
      params: checkParams(request.params ?? []),
      maxRows,
      maxChars,
      timeoutMs,
      signal: request.signal,
    };
    const refusal = readOnlyRefusal(statement.sql, source.type as SqlDialect);
    if (refusal) throw new ReadOnlyQueryError(refusal);
    return this.sql.execute(await this.targetOf(source), statement);
  }

  private async targetOf(source: Exclude<DataSource, { type: 'document' }>): Promise<SqlTarget> {
    if (source.type === 'sqlite') return { dialect: 'sqlite', ownerId: source.ownerId, file: source.config.file };
    const { host, port, database, user, ssl } = source.config;
    const address = await this.egress.vet(host, port);
    const password = source.sealedSecret ? this.cipher.open(source.sealedSecret, secretContextOfDataSource(source.id)) : undefined;
    return { dialect: 'mysql', host, address, port, database, user, password, ssl };
  }
}

function checkParams(params: JsonValue[]): Array<string | number | boolean | null> {
  if (!Array.isArray(params) || params.length > DATA_SOURCE_LIMITS.maxParams) {
    throw invalid('params', `must be an array of at most ${DATA_SOURCE_LIMITS.maxParams} values`);
  }
  return params.map((value, i) => {
    if (value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return value;
    throw invalid(`params[${i}]`, 'must be a string, a number, a boolean or null');
  });
}

function invalid(field: string, message: string): DataSourceValidationError {
  return new DataSourceValidationError(`Invalid query: ${field} ${message}`, [{ field, message }]);
}
