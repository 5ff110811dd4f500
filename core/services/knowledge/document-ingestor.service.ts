import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { KnowledgeChunk } from '../../domain/knowledge/knowledge-chunk';
import { KnowledgeDocument } from '../../domain/knowledge/knowledge-document.entity';
import { KnowledgeBaseNotFoundError, KnowledgeDocumentNotFoundError, KnowledgeDocumentTooLargeError } from '../../domain/knowledge/knowledge.errors';
import { DocumentSpec, documentIssues } from '../../domain/knowledge/knowledge.rules';
import { CLOCK, Clock } from '../../ports/clock.port';
import { EMBEDDING_PROVIDER, EmbeddingProvider } from '../../ports/embedding-provider.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { KNOWLEDGE_BASE_REPOSITORY, KnowledgeBaseRepository } from '../../ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../ports/knowledge-document-repository.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../ports/unit-of-work.port';
import { VECTOR_STORE, VectorRecord, VectorStore } from '../../ports/vector-store.port';
import { ValidationError } from '../../shared/common.errors';
import { AuditTrail } from '../audit/audit-trail.service';
import { embedInBatches } from './embed-in-batches';
import { KnowledgeBaseAccess } from './knowledge-base-access';
import { KNOWLEDGE_SETTINGS, KnowledgeSettings } from './knowledge-settings';
import { chunkVectorRecord, KNOWLEDGE_COLLECTION, KNOWLEDGE_VECTOR_KEYS } from './knowledge-vectors';
import { chunkText } from './text-chunker';

/**
 * Adds a text to a knowledge base: chunk, embed, store, index.
 *
 * Consistency: embedding happens first (slow I/O never runs inside a transaction, and a
 * failure leaves nothing behind); the document, as `indexing`, and its chunks are committed
 * together; the vectors are written after the commit, and only then is the document marked
 * `ready`. If the vector write or the status change fails, the ingestor compensates (removes
 * the document's vectors, then the document and its chunks) and rethrows. Should even that
 * fail, the document stays `indexing`, which the searcher never serves, and can be deleted.
 */
@injectable()
export class DocumentIngestor {
  constructor(
    @inject(KNOWLEDGE_BASE_REPOSITORY) private readonly bases: KnowledgeBaseRepository,
    @inject(KNOWLEDGE_DOCUMENT_REPOSITORY) private readonly documents: KnowledgeDocumentRepository,
    @inject(KnowledgeBaseAccess) private readonly access: KnowledgeBaseAccess,
    @inject(EMBEDDING_PROVIDER) private readonly embeddings: EmbeddingProvider,
    @inject(VECTOR_STORE) private readonly vectors: VectorStore,
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
    const id = this.ids.uuid();
    const chunks: KnowledgeChunk[] = chunkText(spec.content, this.settings.chunking).map((content, index) => ({
      documentId: id,
      knowledgeBaseId: base.id,
      index,
      content,
    }));
    const vectors = await embedInBatches(
      this.embeddings,
      chunks.map((chunk) => chunk.content),
      this.settings.embedBatchSize,
    );
    const now = this.clock.now();
    const document: KnowledgeDocument = {
      id,
      knowledgeBaseId: base.id,
      ownerId: actor.userId,
      title: spec.title.trim(),
      contentType: spec.contentType ?? 'text/plain',
      charCount: spec.content.length,
      chunkCount: chunks.length,
      status: 'indexing',
      metadata: { ...(spec.metadata ?? {}) },
      createdAt: now,
      updatedAt: now,
    };
    await this.unitOfWork.run(async () => {
      // Touching first locks the base's row, so a concurrent delete of the base waits for this commit.
      if (!(await this.bases.touch(base.id, now))) throw new KnowledgeBaseNotFoundError(base.id);
      await this.documents.create(document, chunks);
    });
    const readyAt = await this.index(
      document,
      chunks.map((chunk, i) => chunkVectorRecord(chunk, document.ownerId, vectors[i])),
    );
    await this.audit.record({
      actorId: actor.userId,
      action: 'knowledge_document.create',
      resourceType: 'knowledge_document',
      resourceId: id,
      outcome: 'success',
      detail: { knowledge_base_id: base.id, title: document.title, chunks: chunks.length },
    });
    return { ...document, status: 'ready', updatedAt: readyAt };
  }

  private check(spec: DocumentSpec): void {
    const issues = documentIssues(spec);
    if (issues.length > 0) throw new ValidationError('Invalid document', issues);
    if (spec.content.length > this.settings.maxDocumentChars) throw new KnowledgeDocumentTooLargeError(this.settings.maxDocumentChars);
  }

  /** Writes the vectors, then marks the document ready; returns when it became ready. */
  private async index(document: KnowledgeDocument, records: VectorRecord[]): Promise<Date> {
    try {
      await this.vectors.upsert(KNOWLEDGE_COLLECTION, records);
      const readyAt = this.clock.now();
      if (!(await this.documents.setStatus(document.id, 'ready', readyAt))) throw new KnowledgeDocumentNotFoundError(document.id);
      return readyAt;
    } catch (error) {
      await this.compensate(document);
      throw error;
    }
  }

  private async compensate(document: KnowledgeDocument): Promise<void> {
    try {
      await this.vectors.deleteWhere(KNOWLEDGE_COLLECTION, { [KNOWLEDGE_VECTOR_KEYS.document]: document.id });
      await this.documents.delete(document.id);
    } catch (error) {
      this.logger.error({ documentId: document.id, err: error }, 'half-indexed knowledge document left as indexing');
    }
  }
}
