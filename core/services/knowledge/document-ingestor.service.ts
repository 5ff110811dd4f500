import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { KnowledgeDocument } from '../../domain/knowledge/knowledge-document.entity';
import { KnowledgeDocumentTooLargeError } from '../../domain/knowledge/knowledge.errors';
import { DocumentSpec, documentIssues } from '../../domain/knowledge/knowledge.rules';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../ports/knowledge-document-repository.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { ValidationError } from '../../shared/common.errors';
import { DocumentRegistrar } from './document-registrar.service';
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
    @inject(KNOWLEDGE_DOCUMENT_REPOSITORY) private readonly documents: KnowledgeDocumentRepository,
    @inject(DocumentRegistrar) private readonly registrar: DocumentRegistrar,
    @inject(KnowledgeBaseAccess) private readonly access: KnowledgeBaseAccess,
    @inject(KnowledgeIndexer) private readonly indexer: KnowledgeIndexer,
    @inject(KNOWLEDGE_SETTINGS) private readonly settings: KnowledgeSettings,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async add(actor: Actor, knowledgeBaseId: string, spec: DocumentSpec): Promise<KnowledgeDocument> {
    const base = await this.access.permitted(actor, knowledgeBaseId, 'update');
    this.check(spec);
    const contentType = spec.contentType ?? 'text/plain';
    const document = await this.registrar.register(actor, base, {
      title: spec.title.trim(),
      contentType,
      status: 'processing',
      sourceKind: 'text',
      sourceRef: '',
      metadata: spec.metadata,
    });
    let ready: KnowledgeDocument;
    try {
      ready = await this.indexer.index(base, document, { text: spec.content, contentType });
    } catch (error) {
      await this.discard(document.id);
      throw error;
    }
    await this.registrar.recordAdded(actor, ready, { chunks: ready.chunkCount });
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
