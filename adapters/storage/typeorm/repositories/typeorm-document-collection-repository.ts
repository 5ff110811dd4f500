import { JsonObject } from '../../../../core/shared/json';
import { CollectionSummary, DocumentCollectionRepository, StoredDocument } from '../../../../core/ports/document-collection-repository.port';
import { DataSourceDocumentOrmEntity } from '../entities/data-source-document.orm-entity';
import { ManagerProvider } from '../manager-provider';

/** Rows per INSERT statement: keeps statements well under MySQL's packet and SQLite's variable limits. */
const INSERT_CHUNK = 100;

export class TypeOrmDocumentCollectionRepository implements DocumentCollectionRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async insert(documents: StoredDocument[]): Promise<void> {
    const rows = documents.map(({ id, dataSourceId, collection, body, createdAt }) => ({
      id,
      dataSourceId,
      collection,
      body: JSON.stringify(body),
      createdAt,
    }));
    await this.managers.transaction(async (manager) => {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) await manager.insert(DataSourceDocumentOrmEntity, rows.slice(i, i + INSERT_CHUNK));
    });
  }

  async scan(dataSourceId: string, collection: string, cursor: string | null, limit: number): Promise<{ documents: StoredDocument[]; next: string | null }> {
    const after = cursor === null ? 0 : Number(cursor);
    const rows = await this.managers.use((manager) =>
      manager
        .createQueryBuilder(DataSourceDocumentOrmEntity, 'd')
        .where('d.dataSourceId = :dataSourceId AND d.collection = :collection AND d.seq > :after', { dataSourceId, collection, after })
        .orderBy('d.seq', 'ASC')
        .limit(limit)
        .getMany(),
    );
    const documents = rows.map((row) => ({
      id: row.id,
      dataSourceId: row.dataSourceId,
      collection: row.collection,
      body: JSON.parse(row.body) as JsonObject,
      createdAt: row.createdAt,
    }));
    return { documents, next: rows.length === limit ? String(rows[rows.length - 1].seq) : null };
  }

  count(dataSourceId: string, collection: string): Promise<number> {
    return this.managers.use((manager) => manager.countBy(DataSourceDocumentOrmEntity, { dataSourceId, collection }));
  }

  async collections(dataSourceId: string): Promise<CollectionSummary[]> {
    const rows = await this.managers.use((manager) =>
      manager
        .createQueryBuilder(DataSourceDocumentOrmEntity, 'd')
        .select('d.collection', 'name')
        .addSelect('COUNT(*)', 'documents')
        .where('d.dataSourceId = :dataSourceId', { dataSourceId })
        .groupBy('d.collection')
        .orderBy('d.collection', 'ASC')
        .getRawMany<{ name: string; documents: string | number }>(),
    );
    return rows.map((row) => ({ name: row.name, documents: Number(row.documents) }));
  }

  async deleteCollection(dataSourceId: string, collection: string): Promise<number> {
    const result = await this.managers.use((manager) => manager.delete(DataSourceDocumentOrmEntity, { dataSourceId, collection }));
    return result.affected ?? 0;
  }
}
