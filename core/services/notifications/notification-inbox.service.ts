import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { Notification } from '../../domain/notification/notification.entity';
import { NotificationNotFoundError } from '../../domain/notification/notification.errors';
import { NOTIFICATION_REPOSITORY, NotificationRepository } from '../../ports/notification-repository.port';
import { ValidationError } from '../../shared/common.errors';
import { summarizeIssues } from '../../shared/issue-summary';
import { offsetOf, Page } from '../../shared/pagination';
import { checkPageRequest } from '../tools/page-request';

/** A user's own in-app notifications: list, unread count, mark read, delete. Nobody reads another's inbox. */
@injectable()
export class NotificationInbox {
  constructor(@inject(NOTIFICATION_REPOSITORY) private readonly notifications: NotificationRepository) {}

  /** Newest first; `page` from 1, `page_size` 1–100 (422 otherwise). */
  async list(actor: Actor, page: { page?: number; pageSize?: number }, filter: { unreadOnly?: boolean } = {}): Promise<Page<Notification>> {
    const { request, issues } = checkPageRequest(page.page, page.pageSize);
    if (issues.length > 0) throw new ValidationError(summarizeIssues('Invalid notification list request', issues), issues);
    const slice = await this.notifications.list(actor.userId, filter, offsetOf(request), request.pageSize);
    return { items: slice.items, total: slice.total, page: request.page, pageSize: request.pageSize };
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
