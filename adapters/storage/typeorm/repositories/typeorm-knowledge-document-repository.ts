import { In } from 'typeorm';
import { KnowledgeChunk } from '../../../../core/domain/knowledge/knowledge-chunk';
import { DocumentMetadata, KnowledgeDocument } from '../../../../core/domain/knowledge/knowledge-document.entity';
import { KnowledgeDocumentStatus } from '../../../../core/domain/knowledge/knowledge-document-status';
import { KnowledgeDocumentRepository } from '../../../../core/ports/knowledge-document-repository.port';
import { offsetOf, Page, PageRequest } from '../../../../core/shared/pagination';
import { KnowledgeChunkOrmEntity } from '../entities/knowledge-chunk.orm-entity';
import { KnowledgeDocumentOrmEntity } from '../entities/knowledge-document.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toKnowledgeChunk, toKnowledgeChunkRow, toKnowledgeDocument, toKnowledgeDocumentRow } from '../mappers/knowledge-document.mapper';

/** Rows (or bound ids) a statement carries at once: far below SQLite's bound-variable limit. */
const BATCH = 200;

export class TypeOrmKnowledgeDocumentRepository implements KnowledgeDocumentRepository {
  constructor(private readonly managers: ManagerProvider) {}

  /** Chunk rows (with their search terms, the CPU-heavy part) are built before the transaction, which on SQLite holds every other caller. */
  async create(document: KnowledgeDocument, chunks: KnowledgeChunk[]): Promise<void> {
    const chunkRows = chunks.map(toKnowledgeChunkRow);
    await this.managers.transaction(async (manager) => {
      await manager.insert(KnowledgeDocumentOrmEntity, toKnowledgeDocumentRow(document));
      for (const batch of batches(chunkRows)) await manager.insert(KnowledgeChunkOrmEntity, batch);
    });
  }

  async findById(id: string): Promise<KnowledgeDocument | null> {
    const row = await this.managers.use((manager) => manager.findOneBy(KnowledgeDocumentOrmEntity, { id }));
    return row ? toKnowledgeDocument(row) : null;
  }

  findByIds(ids: string[]): Promise<KnowledgeDocument[]> {
    return this.managers.use(async (manager) => {
      const found: KnowledgeDocument[] = [];
      for (const batch of batches([...new Set(ids)])) {
        const rows = await manager.findBy(KnowledgeDocumentOrmEntity, { id: In(batch) });
        found.push(...rows.map(toKnowledgeDocument));
      }
      return found;
    });
  }

  listByKnowledgeBase(knowledgeBaseId: string, page: PageRequest): Promise<Page<KnowledgeDocument>> {
    return this.managers.use(async (manager) => {
      const [rows, total] = await manager.findAndCount(KnowledgeDocumentOrmEntity, {
        where: { knowledgeBaseId },
        order: { createdAt: 'DESC', id: 'DESC' },
        skip: offsetOf(page),
        take: page.pageSize,
      });
      return { items: rows.map(toKnowledgeDocument), total, page: page.page, pageSize: page.pageSize };
    });
  }

  countByKnowledgeBases(knowledgeBaseIds: string[]): Promise<Map<string, number>> {
    return this.managers.use(async (manager) => {
      const counts = new Map(knowledgeBaseIds.map((id) => [id, 0]));
      for (const batch of batches([...counts.keys()])) {
        const rows = await manager
          .createQueryBuilder(KnowledgeDocumentOrmEntity, 'd')
          .select('d.knowledgeBaseId', 'id')
          .addSelect('COUNT(*)', 'count')
          .where({ knowledgeBaseId: In(batch) })
          .groupBy('d.knowledgeBaseId')
          .getRawMany<{ id: string; count: number | string }>();
        for (const row of rows) counts.set(row.id, Number(row.count));
      }
      return counts;
    });
  }

  setStatus(id: string, status: KnowledgeDocumentStatus, updatedAt: Date): Promise<boolean> {
    return this.managers.use(async (manager) => {
      const result = await manager.update(KnowledgeDocumentOrmEntity, { id }, { status, updatedAt });
      // MySQL counts changed rows only: setting the same values still found the row.
      return (result.affected ?? 0) > 0 || (await manager.existsBy(KnowledgeDocumentOrmEntity, { id }));
    });
  }

  update(document: KnowledgeDocument): Promise<boolean> {
    return this.managers.use(async (manager) => {
      const { id, status, contentType, charCount, chunkCount, failureReason, updatedAt } = toKnowledgeDocumentRow(document);
      const result = await manager.update(KnowledgeDocumentOrmEntity, { id }, { status, contentType, charCount, chunkCount, failureReason, updatedAt });
      return (result.affected ?? 0) > 0 || (await manager.existsBy(KnowledgeDocumentOrmEntity, { id }));
    });
  }

  async replaceChunks(documentId: string, chunks: KnowledgeChunk[]): Promise<void> {
    await this.managers.transaction(async (manager) => {
      await manager.delete(KnowledgeChunkOrmEntity, { documentId });
      for (const batch of batches(chunks.map(toKnowledgeChunkRow))) await manager.insert(KnowledgeChunkOrmEntity, batch);
    });
  }

  chunksAt(keys: { documentId: string; index: number }[]): Promise<KnowledgeChunk[]> {
    return this.managers.use(async (manager) => {
      const found: KnowledgeChunk[] = [];
      for (const batch of batches(keys)) {
        const rows = await manager.findBy(
          KnowledgeChunkOrmEntity,
          batch.map((key) => ({ documentId: key.documentId, chunkIndex: key.index })),
        );
        found.push(...rows.map(toKnowledgeChunk));
      }
      return found;
    });
  }

  readyIdsWithMetadata(knowledgeBaseIds: string[] | undefined, metadata: DocumentMetadata): Promise<string[]> {
    const wanted = Object.entries(metadata);
    const matches = (row: { metadata: string }): boolean => {
      const stored = JSON.parse(row.metadata) as DocumentMetadata;
      return wanted.every(([key, value]) => stored[key] === value);
    };
    return this.managers.use(async (manager) => {
      const query = (bases?: string[]) =>
        manager.find(KnowledgeDocumentOrmEntity, {
          select: { id: true, metadata: true },
          where: bases ? { status: 'ready', knowledgeBaseId: In(bases) } : { status: 'ready' },
        });
      const rows = knowledgeBaseIds ? (await Promise.all(batches(knowledgeBaseIds).map((batch) => query(batch)))).flat() : await query();
      return rows.filter(matches).map((row) => row.id);
    });
  }

  async chunksOf(documentId: string): Promise<KnowledgeChunk[]> {
    const rows = await this.managers.use((manager) => manager.find(KnowledgeChunkOrmEntity, { where: { documentId }, order: { chunkIndex: 'ASC' } }));
    return rows.map(toKnowledgeChunk);
  }

  /** The foreign key cascades to the chunks, in the same statement. */
  async delete(id: string): Promise<boolean> {
    const result = await this.managers.use((manager) => manager.delete(KnowledgeDocumentOrmEntity, { id }));
    return (result.affected ?? 0) > 0;
  }
}

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH) out.push(items.slice(start, start + BATCH));
  return out;
}
