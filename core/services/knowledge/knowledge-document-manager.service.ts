import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { KnowledgeDocument } from '../../domain/knowledge/knowledge-document.entity';
import { KnowledgeDocumentNotFoundError } from '../../domain/knowledge/knowledge.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { KNOWLEDGE_BASE_REPOSITORY, KnowledgeBaseRepository } from '../../ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../ports/knowledge-document-repository.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../ports/unit-of-work.port';
import { VECTOR_STORE, VectorStore } from '../../ports/vector-store.port';
import { Page, PageRequest } from '../../shared/pagination';
import { AuditTrail } from '../audit/audit-trail.service';
import { EmbeddingSpace } from './embedding-space.service';
import { KnowledgeBaseAccess } from './knowledge-base-access';
import { checkedPage } from './checked-page';
import { KNOWLEDGE_VECTOR_KEYS } from './knowledge-vectors';

/** Lists, shows and deletes the documents of a base (DocumentIngestor adds them). */
@injectable()
export class KnowledgeDocumentManager {
  constructor(
    @inject(KNOWLEDGE_BASE_REPOSITORY) private readonly bases: KnowledgeBaseRepository,
    @inject(KNOWLEDGE_DOCUMENT_REPOSITORY) private readonly documents: KnowledgeDocumentRepository,
    @inject(KnowledgeBaseAccess) private readonly access: KnowledgeBaseAccess,
    @inject(EmbeddingSpace) private readonly space: EmbeddingSpace,
    @inject(VECTOR_STORE) private readonly vectors: VectorStore,
    @inject(UNIT_OF_WORK) private readonly unitOfWork: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async list(actor: Actor, knowledgeBaseId: string, page: Partial<PageRequest>): Promise<Page<KnowledgeDocument>> {
    const request = checkedPage(page);
    const base = await this.access.readable(actor, knowledgeBaseId);
    return this.documents.listByKnowledgeBase(base.id, request);
  }

  async get(actor: Actor, knowledgeBaseId: string, documentId: string): Promise<KnowledgeDocument> {
    const base = await this.access.readable(actor, knowledgeBaseId);
    return this.documentOf(base.id, documentId);
  }

  /** Document and chunks in one transaction, then the vectors (a failed cleanup is logged: see KnowledgeBaseManager.delete). */
  async delete(actor: Actor, knowledgeBaseId: string, documentId: string): Promise<void> {
    const base = await this.access.permitted(actor, knowledgeBaseId, 'update');
    const document = await this.documentOf(base.id, documentId);
    await this.unitOfWork.run(async () => {
      if (!(await this.documents.delete(document.id))) throw new KnowledgeDocumentNotFoundError(documentId);
      await this.bases.touch(base.id, this.clock.now());
    });
    try {
      await this.vectors.deleteWhere(this.space.collectionOf(base), { [KNOWLEDGE_VECTOR_KEYS.document]: document.id });
    } catch (error) {
      this.logger.warn({ documentId: document.id, err: error }, 'knowledge document vectors not removed');
    }
    await this.audit.record({
      actorId: actor.userId,
      action: 'knowledge_document.delete',
      resourceType: 'knowledge_document',
      resourceId: document.id,
      outcome: 'success',
      detail: { knowledge_base_id: base.id, title: document.title },
    });
  }

  private async documentOf(knowledgeBaseId: string, documentId: string): Promise<KnowledgeDocument> {
    const document = await this.documents.findById(documentId);
    if (!document || document.knowledgeBaseId !== knowledgeBaseId) throw new KnowledgeDocumentNotFoundError(documentId);
    return document;
  }
}
