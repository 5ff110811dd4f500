import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { portable } from './portable-columns';

/**
 * Webhook deliveries remembered by `Idempotency-Key`: the primary key (workflow, key) is what
 * makes a retried delivery run once across API processes. The key compares byte for byte on
 * every dialect. `by-name` webhooks look workflows up by name, the most recently updated first.
 */
export class CreateWebhookDeliveries1795254452300 implements MigrationInterface {
  readonly name = 'CreateWebhookDeliveries1795254452300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'webhook_deliveries',
        columns: [
          portable.uuid('workflow_id', { isPrimary: true }),
          portable.key(queryRunner, 'idempotency_key', 255, { isPrimary: true }),
          portable.uuid('execution_id'),
          { name: 'created_ms', type: 'bigint' },
          { name: 'expires_ms', type: 'bigint' },
        ],
        indices: [{ name: 'IDX_webhook_deliveries_expires', columnNames: ['expires_ms'] }],
      }),
    );
    await queryRunner.createIndex('workflows', new TableIndex({ name: 'IDX_workflows_name_updated', columnNames: ['name', 'updated_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('workflows', 'IDX_workflows_name_updated');
    await queryRunner.dropTable('webhook_deliveries');
  }
}
