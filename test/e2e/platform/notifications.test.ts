import { ISO_INSTANT, UUID_PATTERN } from '../../support/agents-api';
import { logIn, PlatformUser, signUp, TEST_PASSWORD } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { boardApi, Json } from '../../support/tasks-api';
import { UNKNOWN_ID } from '../../support/workflows-api';

interface NotificationBody {
  id: string;
  title: string;
  message: string;
  data: Json;
  read: boolean;
  created_at: string;
}

interface NotificationPage {
  items: NotificationBody[];
  total: number;
  page: number;
  page_size: number;
}

/** Notifications API: the owner's notices of task events, the inbox's list, count, read marks and delete, and nobody else's inbox. */
describe('Platform Notifications API', () => {
  let app: StartedApp;
  let api: ReturnType<typeof boardApi>;
  let admin: PlatformUser;

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: 'root@example.com', ADMIN_INITIAL_PASSWORD: TEST_PASSWORD });
    api = boardApi(app.platformUrl);
    admin = await logIn(app.platformUrl, 'root@example.com');
  });
  afterAll(async () => {
    await app?.stop();
  });

  const inbox = (user: PlatformUser, query = '') => api.call<NotificationPage>('GET', `/notifications${query}`, user);
  const unread = async (user: PlatformUser): Promise<number> => (await api.call<{ count: number }>('GET', '/notifications/unread-count', user)).body.count;

  /** A user whose inbox holds one notice of a failed task and one of a task awaiting approval (newest first). */
  async function userWithNotices(): Promise<{ user: PlatformUser; failed: NotificationBody; awaiting: NotificationBody; taskIds: string[] }> {
    const user = await signUp(app.platformUrl);
    const failing = await api.createTask(user, { title: 'Import the data' });
    await api.act(user, failing.id, 'claim');
    await api.act(user, failing.id, 'fail', { reason: 'the file is empty' });
    const approval = await api.createTask(user, { title: 'Publish the post', requires_approval: true });
    await api.act(user, approval.id, 'claim');
    await api.act(user, approval.id, 'complete', { result: 'draft' });
    const page = (await inbox(user)).body;
    return { user, awaiting: page.items[0], failed: page.items[1], taskIds: [failing.id, approval.id] };
  }

  describe('authentication', () => {
    it.each([
      ['GET', '/notifications'],
      ['GET', '/notifications/unread-count'],
      ['PUT', `/notifications/${UNKNOWN_ID}/read`],
      ['PUT', '/notifications/read-all'],
      ['DELETE', `/notifications/${UNKNOWN_ID}`],
    ])('When %s %s is called without a token, Then it is 401', async (method, path) => {
      const res = await api.call(method, path, undefined);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    });
  });

  describe('notices of task events', () => {
    it('When a task fails or awaits approval, Then its owner finds a notice of each, newest first, unread and counted', async () => {
      const { user, failed, awaiting, taskIds } = await userWithNotices();
      const page = (await inbox(user)).body;
      expect(page).toEqual({ items: [awaiting, failed], total: 2, page: 1, page_size: 20 });
      expect(failed).toEqual({
        id: expect.stringMatching(UUID_PATTERN),
        title: 'Task failed',
        message: '"Import the data" failed: the file is empty',
        data: { kind: 'task.failed', task_id: taskIds[0], goal_id: null },
        read: false,
        created_at: expect.stringMatching(ISO_INSTANT),
      });
      expect(awaiting).toMatchObject({
        title: 'Task awaiting approval',
        message: '"Publish the post" is done and waits for your approval.',
        data: { kind: 'task.awaiting_approval', task_id: taskIds[1], goal_id: null },
        read: false,
      });
      expect(await unread(user)).toBe(2);
    });

    it("When an admin fails a user's task, Then the notice goes to the task's owner, not the admin", async () => {
      const owner = await signUp(app.platformUrl);
      const task = await api.createTask(owner);
      const adminBefore = await unread(admin);
      await api.act(admin, task.id, 'claim');
      await api.act(admin, task.id, 'fail', { reason: 'no' });
      expect((await inbox(owner)).body.items.map((n) => n.data)).toEqual([{ kind: 'task.failed', task_id: task.id, goal_id: null }]);
      expect(await unread(admin)).toBe(adminBefore);
    });

    it('When a transition is refused, Then no notice is written', async () => {
      const user = await signUp(app.platformUrl);
      const task = await api.createTask(user);
      expect((await api.call('POST', `/tasks/${task.id}/fail`, user, {})).status).toBe(409);
      expect(await unread(user)).toBe(0);
    });
  });

  describe('the inbox', () => {
    it('When one is marked read, Then the count drops, the unread filter leaves it out, and marking again is no error', async () => {
      const { user, failed, awaiting } = await userWithNotices();
      const res = await api.call('PUT', `/notifications/${failed.id}/read`, user);
      expect(res.status).toBe(204);
      expect(await unread(user)).toBe(1);
      expect((await inbox(user, '?unread_only=true')).body).toEqual({ items: [awaiting], total: 1, page: 1, page_size: 20 });
      expect((await inbox(user)).body.items.map((n) => [n.id, n.read])).toEqual([
        [awaiting.id, false],
        [failed.id, true],
      ]);
      expect((await api.call('PUT', `/notifications/${failed.id}/read`, user)).status).toBe(204);
    });

    it('When all are marked read, Then the answer counts those that changed and nothing is unread', async () => {
      const { user, failed } = await userWithNotices();
      await api.call('PUT', `/notifications/${failed.id}/read`, user);
      const res = await api.call('PUT', '/notifications/read-all', user);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ updated: 1 });
      expect(await unread(user)).toBe(0);
      expect((await inbox(user, '?unread_only=true')).body.total).toBe(0);
      expect((await api.call('PUT', '/notifications/read-all', user)).body).toEqual({ updated: 0 });
    });

    it('When one is deleted, Then it is 204 and gone from the list and the count', async () => {
      const { user, failed, awaiting } = await userWithNotices();
      expect((await api.call('DELETE', `/notifications/${awaiting.id}`, user)).status).toBe(204);
      expect((await inbox(user)).body).toMatchObject({ items: [failed], total: 1 });
      expect(await unread(user)).toBe(1);
      expect((await api.call('DELETE', `/notifications/${awaiting.id}`, user)).status).toBe(404);
    });

    it('When the list is paged, Then each page holds page_size items and the total', async () => {
      const { user, failed, awaiting } = await userWithNotices();
      expect((await inbox(user, '?page=1&page_size=1')).body).toEqual({ items: [awaiting], total: 2, page: 1, page_size: 1 });
      expect((await inbox(user, '?page=2&page_size=1')).body).toEqual({ items: [failed], total: 2, page: 2, page_size: 1 });
      expect((await inbox(user, '?page=3&page_size=1')).body).toEqual({ items: [], total: 2, page: 3, page_size: 1 });
    });

    it.each([
      ['page=0', 'page'],
      ['page_size=0', 'page_size'],
      ['page_size=101', 'page_size'],
    ])('When the query has %s, Then it is 422 naming %s', async (query, field) => {
      const user = await signUp(app.platformUrl);
      const res = await api.call<Json>('GET', `/notifications?${query}`, user);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error', details: [expect.objectContaining({ field })] });
    });

    it("When another user (an admin too) reads, marks or deletes someone's notification, Then it is 404 and nothing changes", async () => {
      const { user, failed } = await userWithNotices();
      const other = await signUp(app.platformUrl);
      for (const intruder of [other, admin]) {
        const read = await api.call('PUT', `/notifications/${failed.id}/read`, intruder);
        expect(read.status).toBe(404);
        expect(read.body).toEqual({ error: 'not_found', message: `Notification "${failed.id}" not found` });
        expect((await api.call('DELETE', `/notifications/${failed.id}`, intruder)).status).toBe(404);
        expect((await inbox(intruder)).body.items.map((n) => n.id)).not.toContain(failed.id);
      }
      await api.call('PUT', '/notifications/read-all', other);
      expect(await unread(user)).toBe(2);
      expect((await inbox(user)).body.items.find((n) => n.id === failed.id)).toEqual(failed);
    });
  });
});
