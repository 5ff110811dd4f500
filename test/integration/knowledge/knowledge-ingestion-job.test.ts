import { randomUUID } from 'node:crypto';
import { Actor } from '../../../core/domain/auth/actor';
import { KNOWLEDGE_INGEST_JOB } from '../../../core/domain/knowledge/document-submission';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../../core/ports/knowledge-document-repository.port';
import { KNOWLEDGE_SOURCE_STORE, KnowledgeSourceStore } from '../../../core/ports/knowledge-source-store.port';
import { VECTOR_STORE, VectorStore } from '../../../core/ports/vector-store.port';
import { DocumentIngestionHandler } from '../../../core/services/knowledge/document-ingestion.handler';
import { DocumentSubmitter } from '../../../core/services/knowledge/document-submitter.service';
import { KnowledgeBaseManager } from '../../../core/services/knowledge/knowledge-base-manager.service';
import { knowledgeCollection } from '../../../core/services/knowledge/knowledge-vectors';
import { signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

const TEXT = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} explains how invoices number ${i} are approved by the finance team.`).join('\n\n');
const COLLECTION = knowledgeCollection('hashing:384');

/** The `knowledge.ingest` job on real storage: idempotent on redelivery, and it leaves nothing half-indexed. */
describe('Knowledge ingestion job', () => {
  let app: StartedApp;
  let actor: Actor;
  let documents: KnowledgeDocumentRepository;
  let vectors: VectorStore;
  let handler: DocumentIngestionHandler;
  let submitter: DocumentSubmitter;
  let baseId: string;

  beforeAll(async () => {
    app = await startApp();
    const { container } = app.services.app;
    actor = { userId: (await signUp(app.platformUrl)).id, role: 'user' };
    documents = container.get(KNOWLEDGE_DOCUMENT_REPOSITORY);
    vectors = container.get(VECTOR_STORE);
    handler = container.get(DocumentIngestionHandler);
    submitter = container.get(DocumentSubmitter);
    baseId = (await container.get(KnowledgeBaseManager).create(actor, { name: 'Jobs', chunkSize: 200, chunkOverlap: 0 })).id;
  });
  afterAll(() => app?.stop());

  const job = (documentId: string, attempt: number) => ({ id: `knowledge-ingest:${documentId}`, type: KNOWLEDGE_INGEST_JOB, payload: { documentId }, attempt });
  const ready = async (documentId: string) => {
    for (let i = 0; i < 200; i += 1) {
      const found = await documents.findById(documentId);
      if (found?.status === 'ready' || found?.status === 'failed') return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('not settled');
  };
  const vectorIds = async (documentId: string) =>
    (await vectors.search(COLLECTION, { vector: Array.from({ length: 384 }, () => 1), k: 1000, filter: { document_id: documentId } }))
      .map((hit) => hit.id)
      .sort();

  it('When a job is delivered again after it succeeded, Then nothing changes: no duplicate chunks or vectors', async () => {
    const submitted = await submitter.submit(actor, baseId, { kind: 'text', title: 'invoices.txt', content: TEXT });
    const first = await ready(submitted.id);
    expect(first.status).toBe('ready');
    const chunks = await documents.chunksOf(submitted.id);
    const ids = await vectorIds(submitted.id);
    expect(ids).toHaveLength(first.chunkCount);

    await handler.handle(job(submitted.id, 2));

    expect(await documents.findById(submitted.id)).toEqual(first);
    expect(await documents.chunksOf(submitted.id)).toEqual(chunks);
    expect(await vectorIds(submitted.id)).toEqual(ids);
  });

  it('When a worker died mid-way (the document is still processing, with stray passages), Then the next delivery replaces them exactly', async () => {
    const submitted = await submitter.submit(actor, baseId, { kind: 'text', title: 'again.txt', content: TEXT });
    const done = await ready(submitted.id);
    const chunks = await documents.chunksOf(submitted.id);
    // What a dead worker could leave: the document processing (its source not yet removed), an extra chunk and its vector.
    await documents.update({ ...done, status: 'processing' });
    await app.services.app.container.get<KnowledgeSourceStore>(KNOWLEDGE_SOURCE_STORE).save(submitted.id, new TextEncoder().encode(TEXT));
    const stray = { documentId: submitted.id, knowledgeBaseId: baseId, index: 99, content: 'stray passage', start: 0, end: 5 };
    await documents.replaceChunks(submitted.id, [...chunks, stray]);
    await vectors.upsert(COLLECTION, [
      {
        id: `${submitted.id}:99`,
        vector: Array.from({ length: 384 }, (_, i) => (i === 0 ? 1 : 0)),
        content: 'stray passage',
        metadata: { document_id: submitted.id, knowledge_base_id: baseId, chunk_index: 99, owner_id: actor.userId },
      },
    ]);

    await handler.handle(job(submitted.id, 2));

    expect(await documents.findById(submitted.id)).toMatchObject({ status: 'ready', chunkCount: done.chunkCount });
    expect(await documents.chunksOf(submitted.id)).toEqual(chunks);
    expect(await vectorIds(submitted.id)).toHaveLength(done.chunkCount);
    expect(await vectorIds(submitted.id)).not.toContain(`${submitted.id}:99`);
  });

  it('When the document was deleted before its job ran, Then the job does nothing', async () => {
    await expect(handler.handle(job(randomUUID(), 1))).resolves.toBeUndefined();
  });

  it('When the source cannot be read, Then the document ends failed with the reason and holds no passages', async () => {
    const submitted = await submitter.submit(actor, baseId, {
      kind: 'file',
      bytes: new TextEncoder().encode('%PDF-1.4\nnot really a pdf'),
      filename: 'bad.pdf',
    });
    const failed = await ready(submitted.id);
    expect(failed).toMatchObject({ status: 'failed', chunkCount: 0 });
    expect(failed.failureReason).toMatch(/could not be extracted/i);
    expect(await documents.chunksOf(submitted.id)).toEqual([]);
    expect(await vectorIds(submitted.id)).toEqual([]);
  });
});
