import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

export class CreatePromptApiKeys1795254449960 implements MigrationInterface {
  readonly name = 'CreatePromptApiKeys1795254449960';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'prompt_api_keys',
        columns: [
          portable.key(queryRunner, 'id', 32, { isPrimary: true }),
          portable.varchar('name', 64),
          portable.key(queryRunner, 'secret_digest', 128),
          portable.timestamp('created_at'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('prompt_api_keys');
  }
}
