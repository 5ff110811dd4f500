import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { DataSource } from '../../domain/data-source/data-source.entity';
import { DataSourceNotFoundError, DataSourceValidationError } from '../../domain/data-source/data-source.errors';
import { COLLECTION_NAME } from '../../domain/data-source/document-query/document-query';
import { CLOCK, Clock } from '../../ports/clock.port';
import { DATA_SOURCE_REPOSITORY, DataSourceRepository } from '../../ports/data-source-repository.port';
import {
  CollectionSummary,
  DOCUMENT_COLLECTION_REPOSITORY,
  DocumentCollectionRepository,
  StoredDocument,
} from '../../ports/document-collection-repository.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { FieldIssue } from '../../shared/domain-error';
import { summarizeIssues } from '../../shared/issue-summary';
import { JsonObject, JsonValue } from '../../shared/json';
import { DATA_SOURCE_LIMITS } from './data-source-limits';

/** Fills, lists and drops the collections of `document` data sources (the owner's, or any for admins). */
@injectable()
export class DocumentCollectionManager {
  constructor(
    @inject(DATA_SOURCE_REPOSITORY) private readonly sources: DataSourceRepository,
    @inject(DOCUMENT_COLLECTION_REPOSITORY) private readonly documents: DocumentCollectionRepository,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Stores the documents (all or none) and returns their ids, in order. `_id` is assigned here, never taken. */
  async insert(actor: Actor, dataSourceId: string, collection: string, documents: JsonValue[]): Promise<string[]> {
    const source = await this.documentSource(actor, dataSourceId, 'update');
    const issues = checkDocuments(collection, documents);
    if (issues.length > 0) throw new DataSourceValidationError(summarizeIssues('Invalid documents', issues), issues);
    const stored = await this.documents.count(source.id, collection);
    if (stored + documents.length > DATA_SOURCE_LIMITS.documentsPerCollection) {
      throw new DataSourceValidationError(`A collection holds at most ${DATA_SOURCE_LIMITS.documentsPerCollection} documents`, [
        { field: 'documents', message: `${stored} are stored already` },
      ]);
    }
    const createdAt = this.clock.now();
    const rows: StoredDocument[] = documents.map((body) => ({ id: this.ids.uuid(), dataSourceId: source.id, collection, body: body as JsonObject, createdAt }));
    await this.documents.insert(rows);
    return rows.map((row) => row.id);
  }

  async collections(actor: Actor, dataSourceId: string): Promise<CollectionSummary[]> {
    const source = await this.documentSource(actor, dataSourceId, 'read');
    return this.documents.collections(source.id);
  }

  /** How many documents were removed. */
  async dropCollection(actor: Actor, dataSourceId: string, collection: string): Promise<number> {
    const source = await this.documentSource(actor, dataSourceId, 'update');
    return this.documents.deleteCollection(source.id, collection);
  }

  private async documentSource(actor: Actor, id: string, action: 'read' | 'update'): Promise<DataSource> {
    const source = await this.sources.findById(id);
    if (!source || !can(actor, action, source)) throw new DataSourceNotFoundError(id);
    if (source.type !== 'document') {
      throw new DataSourceValidationError('Only document data sources hold collections', [
        { field: 'data_source_id', message: `is a ${source.type} data source` },
      ]);
    }
    return source;
  }
}

function checkDocuments(collection: string, documents: JsonValue[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (typeof collection !== 'string' || !COLLECTION_NAME.test(collection)) {
    issues.push({ field: 'collection', message: 'must be 1 to 64 letters, digits, "_", "." or "-", starting with a letter, digit or "_"' });
  }
  if (!Array.isArray(documents) || documents.length === 0 || documents.length > DATA_SOURCE_LIMITS.maxInsert) {
    issues.push({ field: 'documents', message: `must be an array of 1 to ${DATA_SOURCE_LIMITS.maxInsert} objects` });
    return issues;
  }
  documents.forEach((document, i) => {
    if (typeof document !== 'object' || document === null || Array.isArray(document)) {
      issues.push({ field: `documents[${i}]`, message: 'must be a JSON object' });
    } else if (Object.prototype.hasOwnProperty.call(document, '_id')) {
      issues.push({ field: `documents[${i}]._id`, message: 'is assigned by the server; keep your own identifier in another field' });
    } else if (JSON.stringify(document).length > DATA_SOURCE_LIMITS.maxDocumentChars) {
      issues.push({ field: `documents[${i}]`, message: `must be at most ${DATA_SOURCE_LIMITS.maxDocumentChars} characters of JSON` });
    }
  });
  return issues;
}
