import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { Notification } from '../../domain/notification/notification.entity';
import { NotificationNotFoundError } from '../../domain/notification/notification.errors';
import { NOTIFICATION_REPOSITORY, NotificationRepository } from '../../ports/notification-repository.port';
import { offsetOf, Page, PageRequest } from '../../shared/pagination';

/** A user's own in-app notifications: list, unread count, mark read, delete. Nobody reads another's inbox. */
@injectable()
export class NotificationInbox {
  constructor(@inject(NOTIFICATION_REPOSITORY) private readonly notifications: NotificationRepository) {}

  async list(actor: Actor, page: PageRequest, filter: { unreadOnly?: boolean } = {}): Promise<Page<Notification>> {
    const slice = await this.notifications.list(actor.userId, filter, offsetOf(page), page.pageSize);
    return { items: slice.items, total: slice.total, page: page.page, pageSize: page.pageSize };
  }

  unreadCount(actor: Actor): Promise<number> {
    return this.notifications.countUnread(actor.userId);
  }

  async markRead(actor: Actor, id: string): Promise<void> {
    if (!(await this.notifications.markRead(actor.userId, id))) throw new NotificationNotFoundError(id);
  }

  /** How many notifications changed. */
  markAllRead(actor: Actor): Promise<number> {
    return this.notifications.markAllRead(actor.userId);
  }

  async delete(actor: Actor, id: string): Promise<void> {
    if (!(await this.notifications.delete(actor.userId, id))) throw new NotificationNotFoundError(id);
  }
}
