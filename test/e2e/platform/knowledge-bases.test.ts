import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { request } from '../../support/http-client';
import { KnowledgeClient } from '../../support/knowledge-client';
import { logIn, signUp, TEST_PASSWORD } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

type Json = Record<string, unknown>;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `/knowledge-bases` and their documents: the records, who may do what, and every refused input. */
describe('Platform /knowledge-bases', () => {
  let app: StartedApp;
  let ada: KnowledgeClient;
  let bob: KnowledgeClient;
  let root: KnowledgeClient;
  let pages: Server;
  let pagesUrl: string;

  beforeAll(async () => {
    pages = createServer((req, res) => {
      if (req.url === '/guide.html') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><html><body><h1>Guide</h1><p>The kiln reaches 1200 degrees in forty minutes.</p><script>alert(1)</script></body></html>');
      } else {
        res.writeHead(404).end('missing');
      }
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
    app = await startApp({ EGRESS_ALLOW_HOSTS: '127.0.0.1', ADMIN_EMAILS: 'root@example.com', ADMIN_INITIAL_PASSWORD: TEST_PASSWORD });
    const [a, b] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
    ada = new KnowledgeClient(app.platformUrl, a);
    bob = new KnowledgeClient(app.platformUrl, b);
    root = new KnowledgeClient(app.platformUrl, await logIn(app.platformUrl, 'root@example.com'));
  });
  afterAll(async () => {
    await app?.stop();
    await new Promise((resolve) => pages?.close(resolve));
  });

  describe('bases', () => {
    it('When a base is created, Then it is answered with its chunking, the server’s embedding model and no documents', async () => {
      const res = await ada.createBase({ name: ' Handbook ', description: 'Company rules', id: 'forged', owner_id: 'forged' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        owner_id: ada.user.id,
        name: 'Handbook',
        description: 'Company rules',
        is_public: false,
        embedding_model: 'hashing:384',
        chunk_size: 800,
        chunk_overlap: 100,
        document_count: 0,
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      });
      expect((await ada.get(res.body.id as string)).body).toEqual(res.body);
    });

    it('When chunking is given, Then the base keeps it', async () => {
      const res = await ada.createBase({ name: 'Small passages', chunk_size: 300, chunk_overlap: 40 });
      expect(res.body).toMatchObject({ chunk_size: 300, chunk_overlap: 40 });
    });

    it.each([
      ['an empty name', 'name', { name: ' ' }],
      ['a name of 101 characters', 'name', { name: 'x'.repeat(101) }],
      ['chunks of 50 characters', 'chunk_size', { name: 'a', chunk_size: 50 }],
      ['an overlap over half the chunk', 'chunk_overlap', { name: 'a', chunk_size: 400, chunk_overlap: 201 }],
      ['another embedding model', 'embedding_model', { name: 'a', embedding_model: 'openai:text-embedding-3-large:3072' }],
    ])('When a base has %s, Then it is refused with 422 naming %s', async (_name, field, body) => {
      const res = await ada.createBase(body);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error', details: expect.arrayContaining([expect.objectContaining({ field })]) });
    });

    it('When a field has the wrong type, Then it is refused with 422', async () => {
      const res = await ada.createBase({ name: 'a', chunk_size: 'big' });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error' });
    });

    it('When nobody is signed in, Then 401', async () => {
      expect((await request('GET', `${app.platformUrl}/api/v1/knowledge-bases`)).status).toBe(401);
    });

    it('When bases are listed, Then a user sees their own and public ones, newest first, in the shared page shape; an admin sees all', async () => {
      const mine = await ada.baseId({ name: 'Ada private' });
      const bobsPrivate = await bob.baseId({ name: 'Bob private' });
      const bobsPublic = await bob.baseId({ name: 'Bob public', is_public: true });
      const res = await ada.list('?page_size=100');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ page: 1, page_size: 100, total: expect.any(Number) });
      const ids = (res.body.items as Json[]).map((base) => base.id);
      expect(ids).toEqual(expect.arrayContaining([mine, bobsPublic]));
      expect(ids).not.toContain(bobsPrivate);
      expect(ids.indexOf(bobsPublic)).toBeLessThan(ids.indexOf(mine));
      const all = (await root.list('?page_size=100')).body.items as Json[];
      expect(all.map((base) => base.id)).toEqual(expect.arrayContaining([mine, bobsPrivate, bobsPublic]));
      const paged = await ada.list('?page=2&page_size=1');
      expect(paged.body).toMatchObject({ page: 2, page_size: 1 });
      expect(paged.body.items).toHaveLength(1);
    });

    it.each(['?page=0', '?page_size=101', '?page_size=x'])('When the list is asked for %s, Then 422', async (query) => {
      const res = await ada.list(query);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error' });
    });

    it("When another user's private base is read, Then it is 404; a public one is readable but not deletable (403)", async () => {
      const secret = await bob.baseId({ name: 'Secret' });
      const shared = await bob.baseId({ name: 'Shared', is_public: true });
      expect((await ada.get(secret)).status).toBe(404);
      expect((await ada.get(shared)).status).toBe(200);
      const refused = await ada.deleteBase(shared);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: 'forbidden' });
      expect((await ada.deleteBase(secret)).status).toBe(404);
      expect((await bob.get(secret)).status).toBe(200);
      expect((await ada.get('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });

    it('When the owner or an admin deletes a base, Then it is gone', async () => {
      const first = await ada.baseId({ name: 'Doomed' });
      const second = await ada.baseId({ name: 'Doomed too' });
      expect((await ada.deleteBase(first)).status).toBe(204);
      expect((await ada.get(first)).status).toBe(404);
      expect((await root.deleteBase(second)).status).toBe(204);
      expect((await ada.get(second)).status).toBe(404);
    });
  });

  describe('documents', () => {
    it('When a text is added, Then it is accepted as pending and becomes ready with its passages counted', async () => {
      const base = await ada.baseId();
      const res = await ada.addText(base, {
        title: 'rules.md',
        content: '# Holidays\n\nEveryone gets 25 days.',
        content_type: 'text/markdown',
        metadata: { team: 'hr' },
      });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        knowledge_base_id: base,
        owner_id: ada.user.id,
        title: 'rules.md',
        source: 'text',
        source_ref: '',
        content_type: 'text/markdown',
        status: 'pending',
        error: null,
        char_count: 0,
        chunk_count: 0,
        metadata: { team: 'hr' },
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      });
      const done = await ada.settled(base, res.body.id as string);
      expect(done).toMatchObject({ status: 'ready', error: null, chunk_count: 1, char_count: 34, content_type: 'text/markdown' });
      expect((await ada.get(base)).body).toMatchObject({ document_count: 1 });
      const list = await ada.documents(base);
      expect(list.body).toMatchObject({ total: 1, page: 1, page_size: 20 });
    });

    it('When a URL is added, Then the job fetches it through the egress guard and reads the page as text', async () => {
      const base = await ada.baseId();
      const done = await ada.ingested(base, ada.addText(base, { url: `${pagesUrl}/guide.html` }));
      expect(done).toMatchObject({
        status: 'ready',
        source: 'url',
        source_ref: `${pagesUrl}/guide.html`,
        title: `${pagesUrl}/guide.html`,
        content_type: 'text/markdown',
      });
      const hits = (await ada.search(base, { query: 'kiln degrees' })).body.items as Json[];
      expect(hits[0].content).toContain('1200 degrees');
      expect(hits[0].content).not.toContain('alert');
    });

    it('When a URL answers 404, Then the document ends failed with that reason', async () => {
      const base = await ada.baseId();
      const done = await ada.ingested(base, ada.addText(base, { url: `${pagesUrl}/gone.html`, title: 'Gone' }));
      expect(done).toMatchObject({ status: 'failed', error: 'The URL answered HTTP 404', chunk_count: 0 });
    });

    it.each([
      ['no source', 'content', { title: 'x' }],
      ['two sources', 'content', { title: 'x', content: 'text', url: 'https://example.com/' }],
      ['text without a title', 'title', { content: 'text' }],
      ['blank text', 'content', { title: 'x', content: '   ' }],
      ['an unknown content type', 'content_type', { title: 'x', content: 'text', content_type: 'application/pdf' }],
      ['a URL that is not http', 'url', { url: 'file:///etc/passwd' }],
      ['a URL with credentials', 'url', { url: 'https://user:pw@example.com/' }],
      ['nested metadata', 'metadata', { title: 'x', content: 'text', metadata: { a: { b: 1 } } }],
    ])('When a document has %s, Then it is refused with 422 naming %s and nothing is stored', async (_name, field, body) => {
      const base = await ada.baseId();
      const res = await ada.addText(base, body);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error' });
      expect(JSON.stringify(res.body)).toContain(field);
      expect((await ada.documents(base)).body).toMatchObject({ total: 0 });
    });

    it('When a file is binary whatever its name, or a ZIP named .pdf, Then it is refused with 415', async () => {
      const base = await ada.baseId();
      const binary = await ada.upload(base, 'notes.txt', new Uint8Array([0, 1, 2, 3, 0xff, 0xfe, 0, 0]));
      expect(binary.status).toBe(415);
      expect(binary.body).toMatchObject({ error: 'unsupported_media_type' });
      const zip = await ada.upload(base, 'report.pdf', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 0, 0, 0, 0]));
      expect(zip.status).toBe(415);
      expect((await ada.documents(base)).body).toMatchObject({ total: 0 });
    });

    it('When a file is over 10 MB, Then it is refused with 413', async () => {
      const base = await ada.baseId();
      const res = await ada.upload(base, 'big.txt', 'a'.repeat(10 * 1024 * 1024 + 1));
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ error: 'payload_too_large' });
    });

    it('When the multipart metadata is not JSON, Then 422', async () => {
      const base = await ada.baseId();
      const res = await ada.upload(base, 'a.txt', 'hello', { metadata: '{nope' });
      expect(res.status).toBe(422);
    });

    it("When another user adds to, lists or deletes in a base, Then a private base is 404 and a public one's writes are 403", async () => {
      const secret = await ada.baseId({ name: 'Ada secret' });
      const shared = await ada.baseId({ name: 'Ada shared', is_public: true });
      const doc = await ada.ingested(secret, ada.addText(secret, { title: 'a', content: 'private text' }));
      const sharedDoc = await ada.ingested(shared, ada.addText(shared, { title: 'b', content: 'shared text' }));
      expect((await bob.addText(secret, { title: 'x', content: 'y' })).status).toBe(404);
      expect((await bob.documents(secret)).status).toBe(404);
      expect((await bob.deleteDocument(secret, doc.id as string)).status).toBe(404);
      expect((await bob.addText(shared, { title: 'x', content: 'y' })).status).toBe(403);
      expect((await bob.documents(shared)).status).toBe(200);
      expect((await bob.deleteDocument(shared, sharedDoc.id as string)).status).toBe(403);
      expect((await ada.documents(secret)).body).toMatchObject({ total: 1 });
    });

    it('When a document is deleted, Then it is gone from the list and a second delete is 404', async () => {
      const base = await ada.baseId();
      const doc = await ada.ingested(base, ada.addText(base, { title: 'a', content: 'Short lived text about zebras.' }));
      expect((await ada.deleteDocument(base, doc.id as string)).status).toBe(204);
      expect((await ada.documents(base)).body).toMatchObject({ total: 0 });
      expect((await ada.deleteDocument(base, doc.id as string)).status).toBe(404);
      expect((await ada.search(base, { query: 'zebras' })).body).toMatchObject({ items: [] });
    });
  });
});
