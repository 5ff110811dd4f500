import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portable } from './portable-columns';

/**
 * An agent's optional run settings (budgets, knowledge bases, self-review) as one JSON column on
 * `agents` and on `agent_versions`, which snapshot the payload. Empty: none set, so rows written
 * before the settings existed read back unchanged. The bounded settings (5 UUIDs, two integers,
 * a flag) fit 1,000 characters, and a varchar takes a default on both dialects where TEXT may not.
 */
export class AddAgentRunSettings1795254451600 implements MigrationInterface {
  readonly name = 'AddAgentRunSettings1795254451600';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['agents', 'agent_versions']) {
      await queryRunner.addColumn(table, new TableColumn(portable.varchar('run_settings', 1000, { default: "''" })));
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['agent_versions', 'agents']) await queryRunner.dropColumn(table, 'run_settings');
  }
}
