import { Notification } from '../domain/notification/notification.entity';
import { token } from '../shared/token';

export interface NotificationSlice {
  /** Newest first. */
  items: Notification[];
  total: number;
}

/** Users' in-app notifications; every method is scoped to one user in the query itself. */
export interface NotificationRepository {
  create(notification: Notification): Promise<void>;
  list(userId: string, filter: { unreadOnly?: boolean }, offset: number, limit: number): Promise<NotificationSlice>;
  countUnread(userId: string): Promise<number>;
  /** False when the user has no such notification. */
  markRead(userId: string, id: string): Promise<boolean>;
  /** How many were marked. */
  markAllRead(userId: string): Promise<number>;
  /** False when the user has no such notification. */
  delete(userId: string, id: string): Promise<boolean>;
}

export const NOTIFICATION_REPOSITORY = token<NotificationRepository>('NotificationRepository');
