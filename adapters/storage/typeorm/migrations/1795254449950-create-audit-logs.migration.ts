import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

export class CreateAuditLogs1795254449950 implements MigrationInterface {
  readonly name = 'CreateAuditLogs1795254449950';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'audit_logs',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('actor_id'),
          portable.varchar('action', 64),
          portable.varchar('resource_type', 64),
          portable.varchar('resource_id', 128),
          portable.varchar('outcome', 16),
          portable.json('detail'),
          portable.timestamp('created_at'),
        ],
        indices: [
          { name: 'IDX_audit_logs_created_at', columnNames: ['created_at'] },
          { name: 'IDX_audit_logs_actor_created', columnNames: ['actor_id', 'created_at'] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('audit_logs');
  }
}
