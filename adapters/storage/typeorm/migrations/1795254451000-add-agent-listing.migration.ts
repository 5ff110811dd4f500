import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { rebuildAgentCounts } from '../agents/agent-counts';
import { portable } from './portable-columns';

const LISTING_INDEXES = [
  new TableIndex({ name: 'IDX_agents_owner_created', columnNames: ['owner_id', 'created_at', 'id', 'status'] }),
  new TableIndex({ name: 'IDX_agents_status_created', columnNames: ['status', 'created_at', 'id', 'owner_id'] }),
  new TableIndex({ name: 'IDX_agents_created', columnNames: ['created_at', 'id'] }),
];

/**
 * Indexes that read a page of `GET /agents` in order (the owner index supersedes `IDX_agents_owner`),
 * and `agent_counts`, from which a list's total is read, counted once here from the agents stored.
 */
export class AddAgentListing1795254451000 implements MigrationInterface {
  readonly name = 'AddAgentListing1795254451000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('agents', 'IDX_agents_owner');
    await queryRunner.createIndices('agents', LISTING_INDEXES);
    await queryRunner.createTable(
      new Table({
        name: 'agent_counts',
        columns: [portable.uuid('owner_id', { isPrimary: true }), portable.varchar('status', 16, { isPrimary: true }), { name: 'agents', type: 'integer' }],
      }),
    );
    await rebuildAgentCounts((sql) => queryRunner.query(sql));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('agent_counts');
    for (const index of LISTING_INDEXES) await queryRunner.dropIndex('agents', index.name as string);
    await queryRunner.createIndex('agents', new TableIndex({ name: 'IDX_agents_owner', columnNames: ['owner_id'] }));
  }
}
