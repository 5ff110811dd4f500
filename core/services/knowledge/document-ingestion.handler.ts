import { inject, injectable } from 'inversify';
import { KNOWLEDGE_INGEST_JOB, KnowledgeIngestPayload } from '../../domain/knowledge/document-submission';
import { KnowledgeDocument } from '../../domain/knowledge/knowledge-document.entity';
import { KnowledgeSourceUnreadableError } from '../../domain/knowledge/knowledge.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { DOCUMENT_TEXT_EXTRACTOR, DocumentTextExtractor } from '../../ports/document-text-extractor.port';
import { HTTP_EGRESS, HttpEgress } from '../../ports/http-egress.port';
import { Job } from '../../ports/job-queue.port';
import { KNOWLEDGE_BASE_REPOSITORY, KnowledgeBaseRepository } from '../../ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../ports/knowledge-document-repository.port';
import { KNOWLEDGE_SOURCE_STORE, KnowledgeSourceStore } from '../../ports/knowledge-source-store.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { DomainError } from '../../shared/domain-error';
import { JobHandler } from '../jobs/job-handler';
import { EmbeddingSpace } from './embedding-space.service';
import { DocumentText, KnowledgeIndexer } from './knowledge-indexer.service';
import { KNOWLEDGE_SETTINGS, KnowledgeSettings } from './knowledge-settings';

const URL_TIMEOUT_MS = 30_000;
const MAX_REASON_CHARS = 1000;
// Failures worth another delivery: the provider or the network may come back.
const TRANSIENT_REASONS = new Set(['upstream_error', 'upstream_timeout', 'upstream_rate_limited', 'unavailable', 'timeout']);

/**
 * Runs a `knowledge.ingest` job: `pending` → `processing` → `ready`, or `failed` with a reason
 * the user can read. Idempotent on redelivery: a `ready` or `failed` document is left alone,
 * and a `processing` one (a worker died mid-way) is indexed again, replacing what it left.
 * Transient failures (provider, network, storage) are retried by the queue up to
 * `ingestAttempts` deliveries; the source's own problems (unsupported, corrupt, empty) fail at once.
 */
@injectable()
export class DocumentIngestionHandler implements JobHandler {
  readonly type = KNOWLEDGE_INGEST_JOB;

  constructor(
    @inject(KNOWLEDGE_BASE_REPOSITORY) private readonly bases: KnowledgeBaseRepository,
    @inject(KNOWLEDGE_DOCUMENT_REPOSITORY) private readonly documents: KnowledgeDocumentRepository,
    @inject(KNOWLEDGE_SOURCE_STORE) private readonly sources: KnowledgeSourceStore,
    @inject(DOCUMENT_TEXT_EXTRACTOR) private readonly extractor: DocumentTextExtractor,
    @inject(HTTP_EGRESS) private readonly egress: HttpEgress,
    @inject(KnowledgeIndexer) private readonly indexer: KnowledgeIndexer,
    @inject(EmbeddingSpace) private readonly space: EmbeddingSpace,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(KNOWLEDGE_SETTINGS) private readonly settings: KnowledgeSettings,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle(job: Job): Promise<void> {
    const { documentId } = job.payload as unknown as KnowledgeIngestPayload;
    const found = await this.documents.findById(documentId);
    if (!found || found.status === 'ready' || found.status === 'failed') return;
    const base = await this.bases.findById(found.knowledgeBaseId);
    if (!base) return;
    const document: KnowledgeDocument = { ...found, status: 'processing', updatedAt: this.clock.now() };
    if (!(await this.documents.update(document))) return;
    // A delivery that finds the document `processing` follows one that died mid-way: what it left goes first.
    if (found.status === 'processing') await this.indexer.unindex(this.space.collectionOf(base), document.id);
    try {
      await this.indexer.index(base, document, await this.sourceText(document));
      await this.sources.remove(document.id);
    } catch (error) {
      if (isTransient(error) && job.attempt < this.settings.ingestAttempts) throw error;
      await this.fail(document, this.space.collectionOf(base), error);
    }
  }

  private async sourceText(document: KnowledgeDocument): Promise<DocumentText> {
    if (document.sourceKind === 'url') return this.fetched(document.sourceRef);
    const bytes = await this.sources.load(document.id);
    if (!bytes) throw new KnowledgeSourceUnreadableError('The submitted content is no longer available; submit the document again');
    if (document.sourceKind === 'text') return { text: new TextDecoder().decode(bytes), contentType: document.contentType };
    const extracted = await this.extractor.extract({ bytes, filename: document.sourceRef, declaredType: document.contentType });
    return { text: extracted.text, contentType: extracted.contentType };
  }

  private async fetched(url: string): Promise<DocumentText> {
    const response = await this.egress.request({ url, maxBytes: this.settings.maxUploadBytes, timeoutMs: URL_TIMEOUT_MS });
    if (response.status < 200 || response.status >= 300) throw new KnowledgeSourceUnreadableError(`The URL answered HTTP ${response.status}`);
    const filename = new URL(response.url).pathname.split('/').pop() ?? '';
    const extracted = await this.extractor.extract({ bytes: response.body, filename, declaredType: response.headers['content-type'] });
    return { text: extracted.text, contentType: extracted.contentType };
  }

  private async fail(document: KnowledgeDocument, collection: string, error: unknown): Promise<void> {
    const reason = reasonOf(error);
    this.logger.warn({ documentId: document.id, reason, err: error }, 'knowledge document ingestion failed');
    await this.indexer.unindex(collection, document.id);
    await this.documents.update({ ...document, status: 'failed', failureReason: reason, chunkCount: 0, updatedAt: this.clock.now() });
    await this.sources.remove(document.id);
  }
}

function isTransient(error: unknown): boolean {
  return !(error instanceof DomainError) || TRANSIENT_REASONS.has(error.reason);
}

/** Domain errors explain themselves; anything else is internal and its text is not shown. */
function reasonOf(error: unknown): string {
  const reason = error instanceof DomainError ? error.message : 'Ingestion failed because of an internal error';
  return reason.slice(0, MAX_REASON_CHARS);
}
