import { In } from 'typeorm';
import { EnvelopeDocumentLink, EnvelopeKnowledgeRepository } from '../../../../core/ports/envelope-knowledge-repository.port';
import { isDuplicateKeyError } from '../driver-errors';
import { EnvelopeAgentKnowledgeOrmEntity } from '../entities/envelope-agent-knowledge.orm-entity';
import { EnvelopeDocumentOrmEntity } from '../entities/envelope-document.orm-entity';
import { ManagerProvider } from '../manager-provider';

export class TypeOrmEnvelopeKnowledgeRepository implements EnvelopeKnowledgeRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async baseOf(agentId: number): Promise<string | null> {
    const row = await this.managers.use((manager) => manager.findOneBy(EnvelopeAgentKnowledgeOrmEntity, { agentId }));
    return row?.knowledgeBaseId ?? null;
  }

  async linkBase(agentId: number, knowledgeBaseId: string): Promise<boolean> {
    try {
      await this.managers.use((manager) => manager.insert(EnvelopeAgentKnowledgeOrmEntity, { agentId, knowledgeBaseId }));
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async addDocument(link: Omit<EnvelopeDocumentLink, 'id'>, createdAt: Date): Promise<EnvelopeDocumentLink> {
    const result = await this.managers.use((manager) => manager.insert(EnvelopeDocumentOrmEntity, { ...link, createdAt }));
    return { ...link, id: Number(result.identifiers[0].id) };
  }

  async documentsOf(knowledgeDocumentIds: string[]): Promise<EnvelopeDocumentLink[]> {
    if (knowledgeDocumentIds.length === 0) return [];
    const rows = await this.managers.use((manager) => manager.findBy(EnvelopeDocumentOrmEntity, { knowledgeDocumentId: In(knowledgeDocumentIds) }));
    return rows.map((row) => ({ id: Number(row.id), agentId: Number(row.agentId), knowledgeDocumentId: row.knowledgeDocumentId, filename: row.filename }));
  }
}
