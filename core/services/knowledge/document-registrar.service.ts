import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { KnowledgeBase } from '../../domain/knowledge/knowledge-base.entity';
import { DocumentMetadata, DocumentSourceKind, KnowledgeDocument } from '../../domain/knowledge/knowledge-document.entity';
import { KnowledgeDocumentStatus } from '../../domain/knowledge/knowledge-document-status';
import { KnowledgeBaseNotFoundError } from '../../domain/knowledge/knowledge.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { KNOWLEDGE_BASE_REPOSITORY, KnowledgeBaseRepository } from '../../ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../ports/knowledge-document-repository.port';
import { KNOWLEDGE_SOURCE_STORE, KnowledgeSourceStore } from '../../ports/knowledge-source-store.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../ports/unit-of-work.port';
import { AuditTrail } from '../audit/audit-trail.service';

/** What a new document is, before it has any passages. */
export interface NewDocument {
  title: string;
  contentType: string;
  status: Extract<KnowledgeDocumentStatus, 'pending' | 'processing'>;
  sourceKind: DocumentSourceKind;
  sourceRef: string;
  metadata?: DocumentMetadata;
}

/**
 * Stores a new document of a base: one unit of work touches the base (locking its row, so a
 * concurrent delete of the base waits; a base deleted meanwhile gives not_found), inserts the
 * document and, when given, its source bytes. Also writes the audit entry of an added document.
 */
@injectable()
export class DocumentRegistrar {
  constructor(
    @inject(KNOWLEDGE_BASE_REPOSITORY) private readonly bases: KnowledgeBaseRepository,
    @inject(KNOWLEDGE_DOCUMENT_REPOSITORY) private readonly documents: KnowledgeDocumentRepository,
    @inject(KNOWLEDGE_SOURCE_STORE) private readonly sources: KnowledgeSourceStore,
    @inject(UNIT_OF_WORK) private readonly unitOfWork: UnitOfWork,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async register(actor: Actor, base: KnowledgeBase, spec: NewDocument, source?: Uint8Array): Promise<KnowledgeDocument> {
    const now = this.clock.now();
    const document: KnowledgeDocument = {
      id: this.ids.uuid(),
      knowledgeBaseId: base.id,
      ownerId: actor.userId,
      title: spec.title,
      contentType: spec.contentType,
      charCount: 0,
      chunkCount: 0,
      status: spec.status,
      sourceKind: spec.sourceKind,
      sourceRef: spec.sourceRef,
      failureReason: '',
      metadata: { ...(spec.metadata ?? {}) },
      createdAt: now,
      updatedAt: now,
    };
    await this.unitOfWork.run(async () => {
      if (!(await this.bases.touch(base.id, now))) throw new KnowledgeBaseNotFoundError(base.id);
      await this.documents.create(document, []);
      if (source) await this.sources.save(document.id, source);
    });
    return document;
  }

  recordAdded(actor: Actor, document: KnowledgeDocument, detail: Record<string, string | number | boolean>): Promise<void> {
    return this.audit.record({
      actorId: actor.userId,
      action: 'knowledge_document.create',
      resourceType: 'knowledge_document',
      resourceId: document.id,
      outcome: 'success',
      detail: { knowledge_base_id: document.knowledgeBaseId, title: document.title, ...detail },
    });
  }
}
