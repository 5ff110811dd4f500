import { Actor } from '../../../../core/domain/auth/actor';
import { KnowledgeBaseForbiddenError, KnowledgeBaseNotFoundError } from '../../../../core/domain/knowledge/knowledge.errors';
import { ValidationError } from '../../../../core/shared/common.errors';
import { knowledgeCollection } from '../../../../core/services/knowledge/knowledge-vectors';

import { EmbeddedVectorStore } from '../../../../adapters/vectors/embedded/embedded-vector-store';
import { InMemoryVectorRecordRepository } from '../../../fixtures/in-memory-vector-record-repository';
import { InMemoryKnowledgeStorage } from '../../../fixtures/knowledge/in-memory-knowledge-storage';
import { createKnowledgeTestBed, KnowledgeTestBed } from '../../../fixtures/knowledge/knowledge-test-bed';

const KNOWLEDGE_COLLECTION = knowledgeCollection('hashing:384');

const alice: Actor = { userId: 'alice', role: 'user' };
const bob: Actor = { userId: 'bob', role: 'user' };
const admin: Actor = { userId: 'root', role: 'admin' };
const PAGE = { page: 1, pageSize: 20 };

describe('KnowledgeBaseManager', () => {
  let storage: InMemoryKnowledgeStorage;
  let records: InMemoryVectorRecordRepository;
  let bed: KnowledgeTestBed;

  beforeEach(() => {
    storage = new InMemoryKnowledgeStorage();
    records = new InMemoryVectorRecordRepository();
    bed = createKnowledgeTestBed({ ...storage, vectors: new EmbeddedVectorStore(records) });
  });

  it('When a base is created, Then it belongs to the actor, is private by default, is trimmed and audited', async () => {
    const base = await bed.manager.create(alice, { name: '  Handbook ', description: ' Internal docs ' });
    expect(base).toMatchObject({ ownerId: 'alice', name: 'Handbook', description: 'Internal docs', isPublic: false });
    expect(base.createdAt).toEqual(base.updatedAt);
    expect(await storage.bases.findById(base.id)).toEqual(base);
    expect(bed.queue.auditActions()).toEqual(['knowledge_base.create']);
  });

  it('When the name is blank or too long, Then creation is refused with the field named', async () => {
    await expect(bed.manager.create(alice, { name: '  ' })).rejects.toMatchObject({
      constructor: ValidationError,
      details: [{ field: 'name', message: 'must not be empty' }],
    });
    await expect(bed.manager.create(alice, { name: 'n'.repeat(101), description: 'd'.repeat(2001) })).rejects.toMatchObject({
      details: [
        { field: 'name', message: 'must be at most 100 characters' },
        { field: 'description', message: 'must be at most 2000 characters' },
      ],
    });
    expect(storage.tables.bases.size).toBe(0);
  });

  it('When bases are listed, Then a user sees their own and public ones with document counts, an admin sees all', async () => {
    const own = await bed.manager.create(alice, { name: 'Mine' });
    const shared = await bed.manager.create(bob, { name: 'Shared', isPublic: true });
    const hidden = await bed.manager.create(bob, { name: 'Secret' });
    await bed.ingestor.add(alice, own.id, { title: 'a.txt', content: 'Some words to index.' });

    const forAlice = await bed.manager.list(alice, PAGE);
    expect(forAlice.items.map((base) => [base.name, base.documentCount])).toEqual([
      ['Shared', 0],
      ['Mine', 1],
    ]);
    expect(forAlice.total).toBe(2);
    expect((await bed.manager.list(admin, PAGE)).items.map((base) => base.id)).toEqual([hidden.id, shared.id, own.id]);
  });

  it("When a user asks for another user's private base, Then it is not found; a public one is shown", async () => {
    const hidden = await bed.manager.create(bob, { name: 'Secret' });
    const shared = await bed.manager.create(bob, { name: 'Shared', isPublic: true });
    await expect(bed.manager.get(alice, hidden.id)).rejects.toBeInstanceOf(KnowledgeBaseNotFoundError);
    await expect(bed.manager.get(alice, 'no-such-id')).rejects.toMatchObject({ code: 'knowledge_base.not_found' });
    expect(await bed.manager.get(alice, shared.id)).toMatchObject({ id: shared.id, documentCount: 0 });
    expect(await bed.manager.get(admin, hidden.id)).toMatchObject({ id: hidden.id });
  });

  it("When a user deletes someone else's base, Then a public one is forbidden and a private one not found", async () => {
    const shared = await bed.manager.create(bob, { name: 'Shared', isPublic: true });
    const hidden = await bed.manager.create(bob, { name: 'Secret' });
    await expect(bed.manager.delete(alice, shared.id)).rejects.toBeInstanceOf(KnowledgeBaseForbiddenError);
    await expect(bed.manager.delete(alice, hidden.id)).rejects.toBeInstanceOf(KnowledgeBaseNotFoundError);
    expect(storage.tables.bases.size).toBe(2);
  });

  it('When a base is deleted, Then its documents, chunks and vectors go, and other bases keep theirs', async () => {
    const gone = await bed.manager.create(alice, { name: 'Gone' });
    const kept = await bed.manager.create(alice, { name: 'Kept' });
    const doc = await bed.ingestor.add(alice, gone.id, { title: 'a.txt', content: 'Alpha text about rockets.' });
    const keptDoc = await bed.ingestor.add(alice, kept.id, { title: 'b.txt', content: 'Beta text about boats.' });

    await bed.manager.delete(alice, gone.id);

    expect(await storage.bases.findById(gone.id)).toBeNull();
    expect(await storage.documents.findById(doc.id)).toBeNull();
    expect(await storage.documents.chunksOf(doc.id)).toEqual([]);
    expect(records.count(KNOWLEDGE_COLLECTION)).toBe(1);
    expect(await storage.documents.chunksOf(keptDoc.id)).toHaveLength(1);
    expect(bed.queue.auditActions()).toContain('knowledge_base.delete');
  });

  it('When the vector cleanup fails, Then the base is still deleted and the failure is logged', async () => {
    const base = await bed.manager.create(alice, { name: 'Gone' });
    await bed.ingestor.add(alice, base.id, { title: 'a.txt', content: 'Alpha text.' });
    records.failNextWrite = new Error('vector store down');

    await bed.manager.delete(alice, base.id);

    expect(await storage.bases.findById(base.id)).toBeNull();
    expect(bed.logger.lines).toEqual([expect.objectContaining({ level: 'warn', message: 'knowledge base vectors not removed' })]);
    expect(await bed.searcher.search(admin, { query: 'Alpha text' })).toEqual([]);
  });
});
