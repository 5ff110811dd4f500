import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

const OWNER_STATUS = new TableIndex({ name: 'IDX_agents_owner_status_created', columnNames: ['owner_id', 'status', 'created_at', 'id'] });

/**
 * `GET /agents?status=draft|stopped` for a user reads their agents of that status in list order
 * from one index range, instead of filtering the owner's whole run of IDX_agents_owner_created.
 */
export class IndexAgentOwnerStatus1795254452500 implements MigrationInterface {
  readonly name = 'IndexAgentOwnerStatus1795254452500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('agents', OWNER_STATUS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('agents', OWNER_STATUS.name as string);
  }
}
