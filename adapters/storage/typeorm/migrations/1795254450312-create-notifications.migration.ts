import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

export class CreateNotifications1795254450312 implements MigrationInterface {
  readonly name = 'CreateNotifications1795254450312';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'notifications',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('user_id'),
          portable.varchar('title', 200),
          portable.text('message'),
          portable.json('data'),
          { name: 'is_read', type: 'boolean' },
          portable.timestamp('created_at'),
        ],
        indices: [
          { name: 'IDX_notifications_user_created', columnNames: ['user_id', 'created_at'] },
          { name: 'IDX_notifications_user_read', columnNames: ['user_id', 'is_read'] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('notifications');
  }
}
