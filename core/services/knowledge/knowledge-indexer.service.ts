import { inject, injectable } from 'inversify';
import { KnowledgeBase } from '../../domain/knowledge/knowledge-base.entity';
import { KnowledgeChunk } from '../../domain/knowledge/knowledge-chunk';
import { KnowledgeDocument } from '../../domain/knowledge/knowledge-document.entity';
import {
  KnowledgeBaseNotFoundError,
  KnowledgeDocumentNotFoundError,
  KnowledgeDocumentTooLargeError,
  KnowledgeSourceUnreadableError,
} from '../../domain/knowledge/knowledge.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { EMBEDDING_PROVIDER, EmbeddingProvider } from '../../ports/embedding-provider.port';
import { KNOWLEDGE_BASE_REPOSITORY, KnowledgeBaseRepository } from '../../ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../ports/knowledge-document-repository.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../ports/unit-of-work.port';
import { VECTOR_STORE, VectorStore } from '../../ports/vector-store.port';
import { embedInBatches } from './embed-in-batches';
import { EmbeddingSpace } from './embedding-space.service';
import { KNOWLEDGE_SETTINGS, KnowledgeSettings } from './knowledge-settings';
import { chunkVectorRecord, KNOWLEDGE_VECTOR_KEYS, knowledgeCollection } from './knowledge-vectors';
import { chunkTextWithOffsets } from './text-chunker';
import { normalisedLineEndings } from './text-units';

/** The text to index and what it is. */
export interface DocumentText {
  text: string;
  contentType: string;
}

/**
 * Makes a stored document searchable: chunk (with the base's settings), embed, store the chunks,
 * write the vectors, mark it `ready`.
 *
 * Consistency: embedding runs before any database work (slow I/O never runs inside a
 * transaction); the chunks replace whatever an interrupted earlier attempt left, in one unit of
 * work that also locks the base's row; vectors have stable ids (`<document>:<index>`), so a
 * redelivered job replaces rather than duplicates them. If anything fails after the chunks
 * are stored, the document's vectors and chunks are removed again before the error is rethrown,
 * so a failed ingestion leaves no half-indexed passages; only `ready` documents are ever served.
 */
@injectable()
export class KnowledgeIndexer {
  constructor(
    @inject(KNOWLEDGE_BASE_REPOSITORY) private readonly bases: KnowledgeBaseRepository,
    @inject(KNOWLEDGE_DOCUMENT_REPOSITORY) private readonly documents: KnowledgeDocumentRepository,
    @inject(EMBEDDING_PROVIDER) private readonly embeddings: EmbeddingProvider,
    @inject(EmbeddingSpace) private readonly space: EmbeddingSpace,
    @inject(VECTOR_STORE) private readonly vectors: VectorStore,
    @inject(UNIT_OF_WORK) private readonly unitOfWork: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(KNOWLEDGE_SETTINGS) private readonly settings: KnowledgeSettings,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async index(base: KnowledgeBase, document: KnowledgeDocument, source: DocumentText): Promise<KnowledgeDocument> {
    const text = normalisedLineEndings(source.text);
    if (text.trim() === '') throw new KnowledgeSourceUnreadableError('The document contains no text');
    if (text.length > this.settings.maxDocumentChars) throw new KnowledgeDocumentTooLargeError(this.settings.maxDocumentChars);
    const collection = knowledgeCollection(await this.space.claimFor(base));
    const chunks: KnowledgeChunk[] = chunkTextWithOffsets(text, base.chunking).map((chunk, index) => ({
      documentId: document.id,
      knowledgeBaseId: base.id,
      index,
      content: chunk.content,
      start: chunk.start,
      end: chunk.end,
    }));
    const vectors = await embedInBatches(
      this.embeddings,
      chunks.map((chunk) => chunk.content),
      this.settings.embedBatchSize,
    );
    const stored: KnowledgeDocument = {
      ...document,
      contentType: source.contentType,
      charCount: text.length,
      chunkCount: chunks.length,
      status: 'processing',
      failureReason: '',
      updatedAt: this.clock.now(),
    };
    await this.unitOfWork.run(async () => {
      // Touching first locks the base's row, so a concurrent delete of the base waits for this commit.
      if (!(await this.bases.touch(base.id, stored.updatedAt))) throw new KnowledgeBaseNotFoundError(base.id);
      if (!(await this.documents.update(stored))) throw new KnowledgeDocumentNotFoundError(document.id);
      await this.documents.replaceChunks(document.id, chunks);
    });
    try {
      await this.vectors.upsert(
        collection,
        chunks.map((chunk, i) => chunkVectorRecord(chunk, document.ownerId, vectors[i])),
      );
      const ready: KnowledgeDocument = { ...stored, status: 'ready', updatedAt: this.clock.now() };
      if (!(await this.documents.update(ready))) throw new KnowledgeDocumentNotFoundError(document.id);
      return ready;
    } catch (error) {
      await this.unindex(collection, document.id);
      throw error;
    }
  }

  /** Removes the document's vectors (from `collection`) and chunks, keeping its record; logged, never thrown. */
  async unindex(collection: string, documentId: string): Promise<void> {
    try {
      await this.vectors.deleteWhere(collection, { [KNOWLEDGE_VECTOR_KEYS.document]: documentId });
      await this.documents.replaceChunks(documentId, []);
    } catch (error) {
      this.logger.error({ documentId, err: error }, 'passages of a failed knowledge document left behind; it is never served');
    }
  }
}
