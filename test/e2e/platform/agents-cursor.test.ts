import { AgentBody, AgentPage, agentsApi } from '../../support/agents-api';
import { logIn, PlatformUser, signUp, TEST_PASSWORD } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

/** `GET /agents?cursor=`: a walk by `next_cursor` sees each agent once, whatever is created meanwhile. */
describe('Platform Agents API: the list read by cursor', () => {
  let app: StartedApp;
  let api: ReturnType<typeof agentsApi>;
  let ada: PlatformUser;
  let bob: PlatformUser;
  let root: PlatformUser;
  const adas: AgentBody[] = [];
  const bobs: AgentBody[] = [];

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: 'root@example.com', ADMIN_INITIAL_PASSWORD: TEST_PASSWORD });
    api = agentsApi(app.platformUrl);
    [ada, bob, root] = [await signUp(app.platformUrl), await signUp(app.platformUrl), await logIn(app.platformUrl, 'root@example.com')];
    // Created back to back, several share a millisecond: the id orders those.
    for (let i = 0; i < 7; i += 1) adas.push(await api.create(ada, { name: `Ada ${i}` }));
    for (let i = 0; i < 4; i += 1) bobs.push(await api.create(bob, { name: `Bob ${i}` }));
    bobs[1] = await api.deploy(bob, bobs[1].id);
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** Page 1 by `query`, then every `next_cursor` until it is null; `between` runs before each next page. */
  const walk = async (user: PlatformUser, query: string, between: () => Promise<void> = async () => undefined) => {
    const pages: AgentPage[] = [];
    let res = await api.list(user, query);
    for (;;) {
      expect(res.status).toBe(200);
      pages.push(res.body);
      const next = res.body.next_cursor;
      if (next === null) break;
      if (pages.length > 50) throw new Error('the walk does not end');
      await between();
      res = await api.list(user, `${query}&cursor=${encodeURIComponent(next)}`);
    }
    return { pages, ids: pages.flatMap((page) => page.items.map((a) => a.id)) };
  };
  const newestFirst = (agents: AgentBody[]) =>
    [...agents].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id)).map((a) => a.id);

  describe('GET /agents?cursor=', () => {
    it('When a user walks the list by next_cursor, Then every agent they may see comes once, newest first, in numbered pages, and the last page has none', async () => {
      const { pages, ids } = await walk(ada, 'page_size=3');

      expect(ids).toEqual(newestFirst([...adas, bobs[1]]));
      expect(pages.map((page) => [page.page, page.page_size, page.total, page.items.length])).toEqual([
        [1, 3, 8, 3],
        [2, 3, 8, 3],
        [3, 3, 8, 2],
      ]);
      expect(pages[2].next_cursor).toBeNull();
      expect(pages[1]).toEqual({ ...pages[1], items: expect.any(Array), next_cursor: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
      expect(pages[1].items[0]).toEqual((await api.call('GET', `/${pages[1].items[0].id}`, ada)).body);
    });

    it('When a page is read by number, Then its next_cursor leads to the page after it', async () => {
      const second = await api.list(ada, 'page=2&page_size=3');
      const third = await api.list(ada, `page_size=3&cursor=${second.body.next_cursor}`);
      expect(third.body).toEqual({ ...(await api.list(ada, 'page=3&page_size=3')).body, next_cursor: null });
    });

    it('When agents are created during the walk, Then the walk neither repeats nor skips an agent (page numbers would)', async () => {
      const before = newestFirst([...adas, bobs[1]]);
      const created: AgentBody[] = [];
      const { ids } = await walk(ada, 'page_size=2', async () => {
        created.push(await api.create(ada, { name: `Ada late ${created.length}` }));
      });
      expect(ids).toEqual(before);
      expect(created.length).toBeGreaterThanOrEqual(3);
      // The same walk by page number sees an agent twice once one is created in front of it.
      const first = await api.list(ada, 'page=1&page_size=2');
      created.push(await api.create(ada, { name: 'Ada later still' }));
      const second = await api.list(ada, 'page=2&page_size=2');
      expect(second.body.items[0].id).toBe(first.body.items[1].id);
      adas.push(...created);
    });

    it('When the walk is filtered, Then only agents of that status (or search) come, each once', async () => {
      expect((await walk(ada, 'page_size=2&status=deployed')).ids).toEqual([bobs[1].id]);
      expect((await walk(ada, 'page_size=2&status=draft')).ids).toEqual(newestFirst(adas));
      expect((await walk(bob, 'page_size=1&search=bob')).ids).toEqual(newestFirst(bobs));
    });

    it("When another user walks the list, even with a cursor ada was given, Then ada's drafts never appear", async () => {
      const bobWalk = await walk(bob, 'page_size=2');
      expect(bobWalk.ids).toEqual(newestFirst(bobs));
      const adaCursor = (await api.list(ada, 'page_size=1')).body.next_cursor as string;
      const res = await api.list(bob, `page_size=100&cursor=${adaCursor}`);
      expect(res.status).toBe(200);
      expect(res.body.items.every((a) => a.owner_id === bob.id || a.status === 'deployed')).toBe(true);
      expect(res.body.items.some((a) => a.owner_id === ada.id)).toBe(false);
    });

    it('When an administrator walks the list, Then every agent of every user comes once', async () => {
      const { ids } = await walk(root, 'page_size=4');
      expect(ids).toEqual(newestFirst([...adas, ...bobs]));
    });

    it.each([
      ['not base64url', 'a+b/c='],
      ['empty', ''],
      ['base64url of something else', Buffer.from('hello world').toString('base64url')],
      ['a page of 0', Buffer.from('0.1700000000000.abc').toString('base64url')],
      ['a time past the year 9999', Buffer.from('2.999999999999999.abc').toString('base64url')],
      ['too long', 'A'.repeat(201)],
    ])('When the cursor is %s, Then it is 400 bad_request', async (_label, cursor) => {
      const res = await api.list(ada, `cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'bad_request', message: expect.any(String) });
    });

    it('When both page and cursor are sent, Then it is 400 bad_request', async () => {
      const cursor = (await api.list(ada, 'page_size=1')).body.next_cursor as string;
      const res = await api.list(ada, `page=2&cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'bad_request', message: 'Pass either page or cursor, not both' });
    });

    it('When a cursor comes with a bad page_size, Then it is 422 naming page_size', async () => {
      const cursor = (await api.list(ada, 'page_size=1')).body.next_cursor as string;
      const res = await api.list(ada, `page_size=101&cursor=${cursor}`);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: 'validation_error', message: expect.any(String), details: [{ field: 'page_size', message: expect.any(String) }] });
    });

    it('When the cursor is sent without a token, Then it is 401', async () => {
      const res = await api.call('GET', '?cursor=abc', undefined);
      expect(res.status).toBe(401);
    });
  });
});
