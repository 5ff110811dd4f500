import { randomUUID } from 'node:crypto';
import { Notification } from '../../../core/domain/notification/notification.entity';
import { NotificationRepository } from '../../../core/ports/notification-repository.port';

export interface NotificationRepositoryHarness {
  notifications: NotificationRepository;
  destroy(): Promise<void>;
}

export function aNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: randomUUID(),
    userId: randomUUID(),
    title: 'Build finished',
    message: 'The nightly build passed.\nSee the report.',
    data: { build: 42, tags: ['ci'], ok: true, none: null },
    read: false,
    createdAt: new Date('2024-05-06T07:08:09.123Z'),
    ...overrides,
  };
}

export function describeNotificationRepositoryContract(name: string, makeHarness: () => Promise<NotificationRepositoryHarness>): void {
  describe(name, () => {
    let harness: NotificationRepositoryHarness;
    const repository = (): NotificationRepository => harness.notifications;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When notifications are created, Then the user lists them newest first with every field unchanged', async () => {
      const userId = randomUUID();
      const older = aNotification({ userId, createdAt: new Date('2024-01-01T00:00:00.001Z'), title: '' });
      const newer = aNotification({ userId, createdAt: new Date('2024-01-02T00:00:00.002Z'), data: {} });
      await repository().create(older);
      await repository().create(newer);
      await repository().create(aNotification());
      expect(await repository().list(userId, {}, 0, 10)).toEqual({ items: [newer, older], total: 2 });
      expect(await repository().list(userId, {}, 1, 10)).toEqual({ items: [older], total: 2 });
    });

    it('When one is marked read, Then the unread count and the unread filter follow, for that user only', async () => {
      const userId = randomUUID();
      const [a, b] = [aNotification({ userId }), aNotification({ userId })];
      await repository().create(a);
      await repository().create(b);
      expect(await repository().countUnread(userId)).toBe(2);
      expect(await repository().markRead(randomUUID(), a.id)).toBe(false);
      expect(await repository().markRead(userId, a.id)).toBe(true);
      expect(await repository().markRead(userId, a.id)).toBe(true);
      expect(await repository().countUnread(userId)).toBe(1);
      expect((await repository().list(userId, { unreadOnly: true }, 0, 10)).items.map((n) => n.id)).toEqual([b.id]);
      expect((await repository().list(userId, {}, 0, 10)).items.find((n) => n.id === a.id)?.read).toBe(true);
    });

    it('When all are marked read, Then the number changed is returned and nothing is unread', async () => {
      const userId = randomUUID();
      const other = aNotification();
      await repository().create(other);
      for (let i = 0; i < 3; i += 1) await repository().create(aNotification({ userId }));
      await repository().markRead(userId, (await repository().list(userId, {}, 0, 1)).items[0].id);
      expect(await repository().markAllRead(userId)).toBe(2);
      expect(await repository().countUnread(userId)).toBe(0);
      expect(await repository().countUnread(other.userId)).toBe(1);
    });

    it('When a notification is deleted, Then only its owner can, and it is gone', async () => {
      const note = aNotification();
      await repository().create(note);
      expect(await repository().delete(randomUUID(), note.id)).toBe(false);
      expect(await repository().delete(note.userId, note.id)).toBe(true);
      expect(await repository().list(note.userId, {}, 0, 10)).toEqual({ items: [], total: 0 });
      expect(await repository().delete(note.userId, note.id)).toBe(false);
    });
  });
}
