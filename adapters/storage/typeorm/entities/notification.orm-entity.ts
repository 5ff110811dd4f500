import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Row of `notifications`: one in-app notification. */
@Entity({ name: 'notifications' })
@Index('IDX_notifications_user_created', ['userId', 'createdAt'])
@Index('IDX_notifications_user_read', ['userId', 'isRead'])
export class NotificationOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId!: string;

  /** Empty when the notification has no title. */
  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  message!: string;

  /** JSON text of the notification's data object. */
  @Column({ type: 'text' })
  data!: string;

  @Column({ name: 'is_read', type: 'boolean' })
  isRead!: boolean;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
