import { HashingEmbeddingProvider } from '../../../../adapters/embeddings/hashing/hashing-embedding-provider';
import { EmbeddedVectorStore } from '../../../../adapters/vectors/embedded/embedded-vector-store';
import { Actor } from '../../../../core/domain/auth/actor';
import { EmbeddingProvider } from '../../../../core/ports/embedding-provider.port';
import { DEFAULT_KNOWLEDGE_SETTINGS } from '../../../../core/services/knowledge/knowledge-settings';
import { knowledgeCollection } from '../../../../core/services/knowledge/knowledge-vectors';

import { InMemoryVectorRecordRepository } from '../../../fixtures/in-memory-vector-record-repository';
import { InMemoryKnowledgeStorage } from '../../../fixtures/knowledge/in-memory-knowledge-storage';
import { createKnowledgeTestBed, KnowledgeTestBed } from '../../../fixtures/knowledge/knowledge-test-bed';

const KNOWLEDGE_COLLECTION = knowledgeCollection('hashing:384');

const alice: Actor = { userId: 'alice', role: 'user' };
const bob: Actor = { userId: 'bob', role: 'user' };
const admin: Actor = { userId: 'root', role: 'admin' };
const longText = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} describes feature number ${i} of the product in detail.`).join('\n\n');

/** Hashing embeddings that record each request's size, or fail on demand. */
class CountingEmbeddings implements EmbeddingProvider {
  readonly name = 'counting';
  readonly dimensions = 64;
  readonly batches: number[] = [];
  failWith?: Error;
  private readonly inner = new HashingEmbeddingProvider(64);
  async embed(texts: string[]): Promise<number[][]> {
    if (this.failWith) throw this.failWith;
    this.batches.push(texts.length);
    return this.inner.embed(texts);
  }
}

describe('DocumentIngestor', () => {
  let storage: InMemoryKnowledgeStorage;
  let records: InMemoryVectorRecordRepository;
  let embeddings: CountingEmbeddings;
  let bed: KnowledgeTestBed;
  let baseId: string;

  beforeEach(async () => {
    storage = new InMemoryKnowledgeStorage();
    records = new InMemoryVectorRecordRepository();
    embeddings = new CountingEmbeddings();
    const settings = { ...DEFAULT_KNOWLEDGE_SETTINGS, chunking: { size: 200, overlap: 40 }, embedBatchSize: 4, maxDocumentChars: 5000 };
    bed = createKnowledgeTestBed({ ...storage, vectors: new EmbeddedVectorStore(records), embeddings, settings });
    baseId = (await bed.manager.create(alice, { name: 'Product' })).id;
  });

  async function vectorRecords() {
    const all = [];
    for await (const entry of records.loadAll()) all.push(entry.record);
    return all;
  }

  it('When a text is added, Then it is chunked, embedded in batches, stored with its chunks, indexed and ready', async () => {
    const document = await bed.ingestor.add(alice, baseId, {
      title: ' guide.md ',
      content: longText,
      contentType: 'text/markdown',
      metadata: { source: 'wiki', version: 2 },
    });

    expect(document).toMatchObject({
      knowledgeBaseId: baseId,
      ownerId: 'alice',
      title: 'guide.md',
      contentType: 'text/markdown',
      charCount: longText.length,
      status: 'ready',
      metadata: { source: 'wiki', version: 2 },
    });
    expect(await storage.documents.findById(document.id)).toEqual(document);
    const chunks = await storage.documents.chunksOf(document.id);
    expect(chunks).toHaveLength(document.chunkCount);
    expect(document.chunkCount).toBeGreaterThan(8);
    expect(embeddings.batches.every((size) => size <= 4)).toBe(true);
    expect(embeddings.batches.reduce((a, b) => a + b, 0)).toBe(document.chunkCount);
    const stored = await vectorRecords();
    expect(stored).toHaveLength(document.chunkCount);
    expect(stored.find((record) => record.id === `${document.id}:3`)).toMatchObject({
      content: chunks[3].content,
      metadata: { knowledge_base_id: baseId, document_id: document.id, chunk_index: 3, owner_id: 'alice' },
    });
    expect((await storage.bases.findById(baseId))?.updatedAt.getTime()).toBeGreaterThan(0);
    expect(bed.queue.auditActions()).toEqual(['knowledge_base.create', 'knowledge_document.create']);
  });

  it("When the base is someone else's public one, Then adding is forbidden; a private one is not found", async () => {
    const shared = await bed.manager.create(bob, { name: 'Shared', isPublic: true });
    const hidden = await bed.manager.create(bob, { name: 'Hidden' });
    await expect(bed.ingestor.add(alice, shared.id, { title: 'x', content: 'text' })).rejects.toMatchObject({ code: 'knowledge_base.forbidden' });
    await expect(bed.ingestor.add(alice, hidden.id, { title: 'x', content: 'text' })).rejects.toMatchObject({ code: 'knowledge_base.not_found' });
    expect(await bed.ingestor.add(admin, hidden.id, { title: 'x', content: 'text' })).toMatchObject({ ownerId: 'root', status: 'ready' });
  });

  it('When the input is invalid, Then every problem is reported and nothing is stored', async () => {
    const failure = bed.ingestor.add(alice, baseId, {
      title: '',
      content: '   ',
      contentType: 'application/pdf',
      metadata: { ok: 'yes', nested: { no: true } as unknown as string },
    });
    await expect(failure).rejects.toMatchObject({
      code: 'input.validation',
      details: [
        { field: 'title', message: 'must not be empty' },
        { field: 'content', message: 'must contain text' },
        { field: 'content_type', message: 'must be one of text/plain, text/markdown' },
        { field: 'metadata.nested', message: 'must be a string, a finite number or a boolean' },
      ],
    });
    expect(storage.tables.documents.size).toBe(0);
  });

  it('When the text is over the configured maximum, Then it is refused as too large before any embedding', async () => {
    await expect(bed.ingestor.add(alice, baseId, { title: 'big', content: 'x '.repeat(2501) })).rejects.toMatchObject({
      code: 'knowledge_document.too_large',
    });
    expect(embeddings.batches).toEqual([]);
  });

  it('When embedding fails, Then nothing is stored and the error is passed on', async () => {
    embeddings.failWith = new Error('embedding provider down');
    await expect(bed.ingestor.add(alice, baseId, { title: 'a', content: longText })).rejects.toThrow('embedding provider down');
    expect(storage.tables.documents.size).toBe(0);
    expect(await vectorRecords()).toEqual([]);
  });

  it('When writing the vectors fails, Then the document and its chunks are removed again and the error is passed on', async () => {
    records.failNextWrite = new Error('vector store down');
    await expect(bed.ingestor.add(alice, baseId, { title: 'a', content: longText })).rejects.toThrow('vector store down');
    expect(storage.tables.documents.size).toBe(0);
    expect(storage.tables.chunks.size).toBe(0);
    expect(await vectorRecords()).toEqual([]);
  });

  it('When marking the document ready fails, Then its vectors, chunks and the document are removed', async () => {
    const update = storage.documents.update.bind(storage.documents);
    storage.documents.update = async (document) => {
      if (document.status === 'ready') storage.failNextDocumentWrite = new Error('database down');
      return update(document);
    };
    await expect(bed.ingestor.add(alice, baseId, { title: 'a', content: longText })).rejects.toThrow('database down');
    expect(storage.tables.documents.size).toBe(0);
    expect(await vectorRecords()).toEqual([]);
  });

  it('When even the compensation fails, Then the document stays processing, is logged, and search never serves it', async () => {
    records.failNextWrite = new Error('vector store down');
    const deleteDocument = storage.documents.delete.bind(storage.documents);
    storage.documents.delete = async (id) => {
      storage.failNextDocumentWrite = new Error('database down too');
      return deleteDocument(id);
    };
    await expect(bed.ingestor.add(alice, baseId, { title: 'a', content: 'Unique zebra facts.' })).rejects.toThrow('vector store down');

    const [left] = [...storage.tables.documents.values()];
    expect(left.status).toBe('processing');
    expect(bed.logger.lines).toEqual([expect.objectContaining({ level: 'error', message: 'failed knowledge document left as processing' })]);
    // Its vectors are written by hand, as if the store had failed after writing them.
    const [vector] = await embeddings.embed(['Unique zebra facts.']);
    await bed.vectors.upsert(KNOWLEDGE_COLLECTION, [
      {
        id: `${left.id}:0`,
        vector,
        content: 'Unique zebra facts.',
        metadata: { knowledge_base_id: baseId, document_id: left.id, chunk_index: 0, owner_id: 'alice' },
      },
    ]);
    expect(await bed.searcher.search(alice, { query: 'zebra facts' })).toEqual([]);
  });

  it('When the base is deleted while the text is being embedded, Then the document is refused as not found', async () => {
    const embed = embeddings.embed.bind(embeddings);
    embeddings.embed = async (texts) => {
      await storage.bases.delete(baseId);
      return embed(texts);
    };
    await expect(bed.ingestor.add(alice, baseId, { title: 'a', content: 'text' })).rejects.toMatchObject({ code: 'knowledge_base.not_found' });
    expect(storage.tables.documents.size).toBe(0);
  });
});
