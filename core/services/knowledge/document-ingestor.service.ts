import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { KnowledgeDocument } from '../../domain/knowledge/knowledge-document.entity';
import { KnowledgeBaseNotFoundError, KnowledgeDocumentTooLargeError } from '../../domain/knowledge/knowledge.errors';
import { DocumentSpec, documentIssues } from '../../domain/knowledge/knowledge.rules';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { KNOWLEDGE_BASE_REPOSITORY, KnowledgeBaseRepository } from '../../ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../ports/knowledge-document-repository.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../ports/unit-of-work.port';
import { ValidationError } from '../../shared/common.errors';
import { AuditTrail } from '../audit/audit-trail.service';
import { KnowledgeBaseAccess } from './knowledge-base-access';
import { KnowledgeIndexer } from './knowledge-indexer.service';
import { KNOWLEDGE_SETTINGS, KnowledgeSettings } from './knowledge-settings';

/**
 * Adds a text to a knowledge base and returns once it is searchable (the kernel's
 * `knowledge.addDocument`; the HTTP API submits documents as jobs instead, DocumentSubmitter).
 * The document is stored as `processing`, then indexed by KnowledgeIndexer; if indexing fails,
 * the document is deleted again, so a failed call leaves nothing behind.
 */
@injectable()
export class DocumentIngestor {
  constructor(
    @inject(KNOWLEDGE_BASE_REPOSITORY) private readonly bases: KnowledgeBaseRepository,
    @inject(KNOWLEDGE_DOCUMENT_REPOSITORY) private readonly documents: KnowledgeDocumentRepository,
    @inject(KnowledgeBaseAccess) private readonly access: KnowledgeBaseAccess,
    @inject(KnowledgeIndexer) private readonly indexer: KnowledgeIndexer,
    @inject(UNIT_OF_WORK) private readonly unitOfWork: UnitOfWork,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(KNOWLEDGE_SETTINGS) private readonly settings: KnowledgeSettings,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async add(actor: Actor, knowledgeBaseId: string, spec: DocumentSpec): Promise<KnowledgeDocument> {
    const base = await this.access.permitted(actor, knowledgeBaseId, 'update');
    this.check(spec);
    const now = this.clock.now();
    const contentType = spec.contentType ?? 'text/plain';
    const document: KnowledgeDocument = {
      id: this.ids.uuid(),
      knowledgeBaseId: base.id,
      ownerId: actor.userId,
      title: spec.title.trim(),
      contentType,
      charCount: spec.content.length,
      chunkCount: 0,
      status: 'processing',
      sourceKind: 'text',
      sourceRef: '',
      failureReason: '',
      metadata: { ...(spec.metadata ?? {}) },
      createdAt: now,
      updatedAt: now,
    };
    await this.unitOfWork.run(async () => {
      if (!(await this.bases.touch(base.id, now))) throw new KnowledgeBaseNotFoundError(base.id);
      await this.documents.create(document, []);
    });
    let ready: KnowledgeDocument;
    try {
      ready = await this.indexer.index(base, document, { text: spec.content, contentType });
    } catch (error) {
      await this.discard(document.id);
      throw error;
    }
    await this.audit.record({
      actorId: actor.userId,
      action: 'knowledge_document.create',
      resourceType: 'knowledge_document',
      resourceId: document.id,
      outcome: 'success',
      detail: { knowledge_base_id: base.id, title: document.title, chunks: ready.chunkCount },
    });
    return ready;
  }

  private check(spec: DocumentSpec): void {
    const issues = documentIssues(spec);
    if (issues.length > 0) throw new ValidationError('Invalid document', issues);
    if (spec.content.length > this.settings.maxDocumentChars) throw new KnowledgeDocumentTooLargeError(this.settings.maxDocumentChars);
  }

  private async discard(documentId: string): Promise<void> {
    try {
      await this.documents.delete(documentId);
    } catch (error) {
      this.logger.error({ documentId, err: error }, 'failed knowledge document left as processing');
    }
  }
}
