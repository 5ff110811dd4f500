import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

export class CreateUsers1795254449940 implements MigrationInterface {
  readonly name = 'CreateUsers1795254449940';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.key(queryRunner, 'email', 254),
          portable.varchar('nickname', 100),
          portable.varchar('role', 16),
          portable.varchar('password_hash', 255),
          portable.timestamp('created_at'),
        ],
        uniques: [{ name: 'UQ_users_email', columnNames: ['email'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('users');
  }
}
