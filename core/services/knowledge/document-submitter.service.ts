import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { DocumentSubmission, KNOWLEDGE_INGEST_JOB, KnowledgeIngestPayload } from '../../domain/knowledge/document-submission';
import { KnowledgeDocument } from '../../domain/knowledge/knowledge-document.entity';
import { KnowledgeBaseNotFoundError } from '../../domain/knowledge/knowledge.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { DOCUMENT_TEXT_EXTRACTOR, DocumentTextExtractor } from '../../ports/document-text-extractor.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { JOB_QUEUE, JobQueue } from '../../ports/job-queue.port';
import { KNOWLEDGE_BASE_REPOSITORY, KnowledgeBaseRepository } from '../../ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../ports/knowledge-document-repository.port';
import { KNOWLEDGE_SOURCE_STORE, KnowledgeSourceStore } from '../../ports/knowledge-source-store.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../ports/unit-of-work.port';
import { AuditTrail } from '../audit/audit-trail.service';
import { EmbeddingSpace } from './embedding-space.service';
import { KnowledgeBaseAccess } from './knowledge-base-access';
import { KNOWLEDGE_SETTINGS, KnowledgeSettings } from './knowledge-settings';
import { baseName, checkSubmission, submissionTitle } from './submission-checks';

/**
 * Accepts a document for a base and queues its ingestion (`POST /knowledge-bases/{id}/documents`):
 * the document is stored `pending` together with its source bytes, in one unit of work, and a
 * `knowledge.ingest` job (id derived from the document, so a duplicate publish is recognised)
 * takes it from there in whichever process consumes the queue.
 */
@injectable()
export class DocumentSubmitter {
  constructor(
    @inject(KNOWLEDGE_BASE_REPOSITORY) private readonly bases: KnowledgeBaseRepository,
    @inject(KNOWLEDGE_DOCUMENT_REPOSITORY) private readonly documents: KnowledgeDocumentRepository,
    @inject(KNOWLEDGE_SOURCE_STORE) private readonly sources: KnowledgeSourceStore,
    @inject(KnowledgeBaseAccess) private readonly access: KnowledgeBaseAccess,
    @inject(EmbeddingSpace) private readonly space: EmbeddingSpace,
    @inject(DOCUMENT_TEXT_EXTRACTOR) private readonly extractor: DocumentTextExtractor,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(UNIT_OF_WORK) private readonly unitOfWork: UnitOfWork,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(KNOWLEDGE_SETTINGS) private readonly settings: KnowledgeSettings,
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async submit(actor: Actor, knowledgeBaseId: string, submission: DocumentSubmission): Promise<KnowledgeDocument> {
    const base = await this.access.permitted(actor, knowledgeBaseId, 'update');
    checkSubmission(submission, this.settings);
    // An unsupported or disguised file is refused now (415), not left to fail in the job.
    if (submission.kind === 'file') this.extractor.typeOf({ bytes: submission.bytes, filename: submission.filename, declaredType: submission.declaredType });
    // Refused now rather than by the job: a document the base could never index is not accepted.
    await this.space.claimFor(base);
    const now = this.clock.now();
    const document: KnowledgeDocument = {
      id: this.ids.uuid(),
      knowledgeBaseId: base.id,
      ownerId: actor.userId,
      title: submissionTitle(submission),
      contentType: declaredTypeOf(submission),
      charCount: 0,
      chunkCount: 0,
      status: 'pending',
      sourceKind: submission.kind,
      sourceRef: submission.kind === 'file' ? baseName(submission.filename) : submission.kind === 'url' ? submission.url : '',
      failureReason: '',
      metadata: { ...(submission.metadata ?? {}) },
      createdAt: now,
      updatedAt: now,
    };
    const bytes = sourceBytesOf(submission);
    await this.unitOfWork.run(async () => {
      if (!(await this.bases.touch(base.id, now))) throw new KnowledgeBaseNotFoundError(base.id);
      await this.documents.create(document, []);
      if (bytes) await this.sources.save(document.id, bytes);
    });
    const payload: KnowledgeIngestPayload = { documentId: document.id };
    try {
      await this.queue.publish(KNOWLEDGE_INGEST_JOB, { ...payload }, { jobId: `knowledge-ingest:${document.id}` });
    } catch (error) {
      await this.documents.delete(document.id);
      throw error;
    }
    await this.audit.record({
      actorId: actor.userId,
      action: 'knowledge_document.create',
      resourceType: 'knowledge_document',
      resourceId: document.id,
      outcome: 'success',
      detail: { knowledge_base_id: base.id, title: document.title, source: submission.kind },
    });
    return document;
  }
}

/** Until the job has read the source, the document shows the type it was submitted as. */
function declaredTypeOf(submission: DocumentSubmission): string {
  if (submission.kind === 'text') return submission.contentType ?? 'text/plain';
  if (submission.kind === 'file') return (submission.declaredType ?? 'application/octet-stream').slice(0, 100);
  return 'text/html';
}

function sourceBytesOf(submission: DocumentSubmission): Uint8Array | undefined {
  if (submission.kind === 'text') return new TextEncoder().encode(submission.content);
  if (submission.kind === 'file') return submission.bytes;
  return undefined;
}
