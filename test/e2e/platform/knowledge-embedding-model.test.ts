import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KnowledgeClient } from '../../support/knowledge-client';
import { logIn, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

/** A base keeps the embedding model it was indexed with: after the server changes models, it is refused (409), never searched across two vector spaces. */
describe('Platform knowledge bases across a change of embedding model', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'knowledge-model-'));
  let app: StartedApp | undefined;
  afterAll(() => app?.stop());

  it('When the server embeds with another model, Then adding to or vector-searching a non-empty base is 409, keyword search still works, and an empty base adopts the new model', async () => {
    app = await startApp({ DATA_DIR: dataDir, EMBEDDING_DIMENSIONS: '384' });
    const user = await signUp(app.platformUrl);
    const before = new KnowledgeClient(app.platformUrl, user);
    const full = await before.baseId({ name: 'Indexed' });
    const empty = await before.baseId({ name: 'Empty' });
    await before.ingested(full, before.addText(full, { title: 'a.txt', content: 'Quarterly reports are due on the fifth.' }));
    await app.stop();

    app = await startApp({ DATA_DIR: dataDir, EMBEDDING_DIMENSIONS: '256' });
    const after = new KnowledgeClient(app.platformUrl, await logIn(app.platformUrl, user.email));
    const added = await after.addText(full, { title: 'b.txt', content: 'More text.' });
    expect(added.status).toBe(409);
    expect(added.body).toMatchObject({ error: 'conflict', message: expect.stringContaining('hashing:384') });
    const searched = await after.search(full, { query: 'quarterly reports' });
    expect(searched.status).toBe(409);
    const byTerms = await after.search(full, { query: 'quarterly reports', mode: 'keyword' });
    expect(byTerms.status).toBe(200);
    expect((byTerms.body.items as unknown[]).length).toBe(1);

    expect((await after.get(empty)).body).toMatchObject({ embedding_model: 'hashing:384', document_count: 0 });
    const adopted = await after.ingested(empty, after.addText(empty, { title: 'c.txt', content: 'Fresh text about invoices.' }));
    expect(adopted).toMatchObject({ status: 'ready' });
    expect((await after.get(empty)).body).toMatchObject({ embedding_model: 'hashing:256' });
  });
});
