import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { KnowledgeBase, KnowledgeBaseSummary } from '../../domain/knowledge/knowledge-base.entity';
import { visibilityFor } from '../../domain/knowledge/knowledge-base-visibility';
import { KnowledgeBaseSpec, knowledgeBaseIssues } from '../../domain/knowledge/knowledge.rules';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { KNOWLEDGE_BASE_REPOSITORY, KnowledgeBaseRepository } from '../../ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../ports/knowledge-document-repository.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { VECTOR_STORE, VectorStore } from '../../ports/vector-store.port';
import { ValidationError } from '../../shared/common.errors';
import { Page, PageRequest } from '../../shared/pagination';
import { AuditTrail } from '../audit/audit-trail.service';
import { EmbeddingSpace } from './embedding-space.service';
import { KnowledgeBaseAccess } from './knowledge-base-access';
import { checkedPage } from './checked-page';
import { KNOWLEDGE_SETTINGS, KnowledgeSettings } from './knowledge-settings';
import { KNOWLEDGE_VECTOR_KEYS } from './knowledge-vectors';

/** Creates, lists, shows and deletes knowledge bases. */
@injectable()
export class KnowledgeBaseManager {
  constructor(
    @inject(KNOWLEDGE_BASE_REPOSITORY) private readonly bases: KnowledgeBaseRepository,
    @inject(KNOWLEDGE_DOCUMENT_REPOSITORY) private readonly documents: KnowledgeDocumentRepository,
    @inject(KnowledgeBaseAccess) private readonly access: KnowledgeBaseAccess,
    @inject(VECTOR_STORE) private readonly vectors: VectorStore,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(EmbeddingSpace) private readonly space: EmbeddingSpace,
    @inject(KNOWLEDGE_SETTINGS) private readonly settings: KnowledgeSettings,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async create(actor: Actor, spec: KnowledgeBaseSpec): Promise<KnowledgeBase> {
    const chunking = {
      size: spec.chunkSize ?? this.settings.chunking.size,
      overlap: spec.chunkOverlap ?? Math.min(this.settings.chunking.overlap, Math.floor((spec.chunkSize ?? this.settings.chunking.size) / 2)),
    };
    const issues = knowledgeBaseIssues(spec, chunking, this.settings.chunkSizeRange, this.space.current);
    if (issues.length > 0) throw new ValidationError('Invalid knowledge base', issues);
    const now = this.clock.now();
    const base: KnowledgeBase = {
      id: this.ids.uuid(),
      ownerId: actor.userId,
      name: spec.name.trim(),
      description: spec.description?.trim() ?? '',
      isPublic: spec.isPublic ?? false,
      embeddingModel: this.space.current,
      chunking,
      createdAt: now,
      updatedAt: now,
    };
    await this.bases.create(base);
    await this.record(actor, 'knowledge_base.create', base);
    return base;
  }

  /** The actor's own bases and the public ones (admins: all), newest first. */
  async list(actor: Actor, page: Partial<PageRequest>): Promise<Page<KnowledgeBaseSummary>> {
    const found = await this.bases.list(visibilityFor(actor), checkedPage(page));
    return { ...found, items: await this.summarise(found.items) };
  }

  async get(actor: Actor, id: string): Promise<KnowledgeBaseSummary> {
    const [summary] = await this.summarise([await this.access.readable(actor, id)]);
    return summary;
  }

  /**
   * Deletes the base, its documents and chunks in one transaction, then its vectors. A failed
   * vector cleanup is logged, not raised: the base is gone either way, and the searcher never
   * serves a vector whose document no longer exists.
   */
  async delete(actor: Actor, id: string): Promise<void> {
    const base = await this.access.permitted(actor, id, 'delete');
    await this.bases.delete(base.id);
    try {
      await this.vectors.deleteWhere(this.space.collectionOf(base), { [KNOWLEDGE_VECTOR_KEYS.knowledgeBase]: base.id });
    } catch (error) {
      this.logger.warn({ knowledgeBaseId: base.id, err: error }, 'knowledge base vectors not removed');
    }
    await this.record(actor, 'knowledge_base.delete', base);
  }

  private async summarise(bases: KnowledgeBase[]): Promise<KnowledgeBaseSummary[]> {
    const counts = await this.documents.countByKnowledgeBases(bases.map((base) => base.id));
    return bases.map((base) => ({ ...base, documentCount: counts.get(base.id) ?? 0 }));
  }

  private record(actor: Actor, action: string, base: KnowledgeBase): Promise<void> {
    return this.audit.record({
      actorId: actor.userId,
      action,
      resourceType: 'knowledge_base',
      resourceId: base.id,
      outcome: 'success',
      detail: { name: base.name, owner_id: base.ownerId, is_public: base.isPublic },
    });
  }
}
