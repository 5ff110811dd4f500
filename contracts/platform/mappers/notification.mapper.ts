import { Notification } from '../../../core/domain/notification/notification.entity';
import { Page } from '../../../core/shared/pagination';
import { NotificationPageResponse, NotificationResponse } from '../dto/notification.dto';

export function toNotificationResponse(notification: Notification): NotificationResponse {
  return {
    id: notification.id,
    title: notification.title,
    message: notification.message,
    data: notification.data,
    read: notification.read,
    created_at: notification.createdAt.toISOString(),
  };
}

export function toNotificationPageResponse(page: Page<Notification>): NotificationPageResponse {
  return { items: page.items.map(toNotificationResponse), total: page.total, page: page.page, page_size: page.pageSize };
}
