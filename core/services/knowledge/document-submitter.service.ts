import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { DocumentSubmission, KNOWLEDGE_INGEST_JOB, KnowledgeIngestPayload } from '../../domain/knowledge/document-submission';
import { KnowledgeDocument } from '../../domain/knowledge/knowledge-document.entity';
import { DOCUMENT_TEXT_EXTRACTOR, DocumentTextExtractor } from '../../ports/document-text-extractor.port';
import { JOB_QUEUE, JobQueue } from '../../ports/job-queue.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../ports/knowledge-document-repository.port';
import { EmbeddingSpace } from './embedding-space.service';
import { DocumentRegistrar } from './document-registrar.service';
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
    @inject(KNOWLEDGE_DOCUMENT_REPOSITORY) private readonly documents: KnowledgeDocumentRepository,
    @inject(DocumentRegistrar) private readonly registrar: DocumentRegistrar,
    @inject(KnowledgeBaseAccess) private readonly access: KnowledgeBaseAccess,
    @inject(EmbeddingSpace) private readonly space: EmbeddingSpace,
    @inject(DOCUMENT_TEXT_EXTRACTOR) private readonly extractor: DocumentTextExtractor,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(KNOWLEDGE_SETTINGS) private readonly settings: KnowledgeSettings,
  ) {}

  async submit(actor: Actor, knowledgeBaseId: string, submission: DocumentSubmission): Promise<KnowledgeDocument> {
    const base = await this.access.permitted(actor, knowledgeBaseId, 'update');
    checkSubmission(submission, this.settings);
    // An unsupported or disguised file is refused now (415), not left to fail in the job.
    if (submission.kind === 'file') this.extractor.typeOf({ bytes: submission.bytes, filename: submission.filename, declaredType: submission.declaredType });
    // Refused now rather than by the job: a document the base could never index is not accepted.
    await this.space.claimFor(base);
    const document = await this.registrar.register(
      actor,
      base,
      {
        title: submissionTitle(submission),
        contentType: declaredTypeOf(submission),
        status: 'pending',
        sourceKind: submission.kind,
        sourceRef: submission.kind === 'file' ? baseName(submission.filename) : submission.kind === 'url' ? submission.url : '',
        metadata: submission.metadata,
      },
      sourceBytesOf(submission),
    );
    const payload: KnowledgeIngestPayload = { documentId: document.id };
    try {
      await this.queue.publish(KNOWLEDGE_INGEST_JOB, { ...payload }, { jobId: `knowledge-ingest:${document.id}` });
    } catch (error) {
      await this.documents.delete(document.id);
      throw error;
    }
    await this.registrar.recordAdded(actor, document, { source: submission.kind });
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
