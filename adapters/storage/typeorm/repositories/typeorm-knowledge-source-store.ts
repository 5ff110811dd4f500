import { KnowledgeSourceStore } from '../../../../core/ports/knowledge-source-store.port';
import { KnowledgeDocumentSourceOrmEntity } from '../entities/knowledge-document-source.orm-entity';
import { ManagerProvider } from '../manager-provider';

/** Parts of at most 60,000 bytes: a BLOB holds 64 KiB on MySQL, and one INSERT stays small. */
const PART_BYTES = 60_000;

export class TypeOrmKnowledgeSourceStore implements KnowledgeSourceStore {
  constructor(private readonly managers: ManagerProvider) {}

  async save(documentId: string, bytes: Uint8Array): Promise<void> {
    await this.managers.transaction(async (manager) => {
      await manager.delete(KnowledgeDocumentSourceOrmEntity, { documentId });
      for (let part = 0; part * PART_BYTES < Math.max(bytes.length, 1); part += 1) {
        const slice = bytes.subarray(part * PART_BYTES, (part + 1) * PART_BYTES);
        await manager.insert(KnowledgeDocumentSourceOrmEntity, { documentId, part, bytes: Buffer.from(slice) });
      }
    });
  }

  async load(documentId: string): Promise<Uint8Array | null> {
    const rows = await this.managers.use((manager) => manager.find(KnowledgeDocumentSourceOrmEntity, { where: { documentId }, order: { part: 'ASC' } }));
    return rows.length === 0 ? null : new Uint8Array(Buffer.concat(rows.map((row) => row.bytes)));
  }

  async remove(documentId: string): Promise<void> {
    await this.managers.use((manager) => manager.delete(KnowledgeDocumentSourceOrmEntity, { documentId }));
  }
}
