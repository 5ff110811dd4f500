import { Notification } from '../../../../core/domain/notification/notification.entity';
import { NotificationRepository, NotificationSlice } from '../../../../core/ports/notification-repository.port';
import { JsonObject } from '../../../../core/shared/json';
import { NotificationOrmEntity } from '../entities/notification.orm-entity';
import { ManagerProvider } from '../manager-provider';

export class TypeOrmNotificationRepository implements NotificationRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async create(notification: Notification): Promise<void> {
    const { read, data, ...rest } = notification;
    await this.managers.use((manager) => manager.insert(NotificationOrmEntity, { ...rest, isRead: read, data: JSON.stringify(data) }));
  }

  async list(userId: string, filter: { unreadOnly?: boolean }, offset: number, limit: number): Promise<NotificationSlice> {
    const where = filter.unreadOnly ? { userId, isRead: false } : { userId };
    const [rows, total] = await this.managers.use((manager) =>
      manager.findAndCount(NotificationOrmEntity, { where, order: { createdAt: 'DESC', id: 'ASC' }, skip: offset, take: limit }),
    );
    return { items: rows.map(toNotification), total };
  }

  countUnread(userId: string): Promise<number> {
    return this.managers.use((manager) => manager.countBy(NotificationOrmEntity, { userId, isRead: false }));
  }

  async markRead(userId: string, id: string): Promise<boolean> {
    const result = await this.managers.use((manager) => manager.update(NotificationOrmEntity, { id, userId }, { isRead: true }));
    return (result.affected ?? 0) > 0;
  }

  async markAllRead(userId: string): Promise<number> {
    const result = await this.managers.use((manager) => manager.update(NotificationOrmEntity, { userId, isRead: false }, { isRead: true }));
    return result.affected ?? 0;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.managers.use((manager) => manager.delete(NotificationOrmEntity, { id, userId }));
    return (result.affected ?? 0) > 0;
  }
}

function toNotification(row: NotificationOrmEntity): Notification {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    message: row.message,
    data: JSON.parse(row.data) as JsonObject,
    read: Boolean(row.isRead),
    createdAt: row.createdAt,
  };
}
