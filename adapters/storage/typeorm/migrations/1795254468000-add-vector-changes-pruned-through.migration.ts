import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * How far the vector change log has been pruned (docs/knowledge.md, "Change log and other
 * processes"): a reader whose last applied sequence is below it can no longer replay and reloads.
 * 0 for a log pruned nowhere, as every log was before.
 */
export class AddVectorChangesPrunedThrough1795254468000 implements MigrationInterface {
  readonly name = 'AddVectorChangesPrunedThrough1795254468000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('vector_sequence', new TableColumn({ name: 'pruned_through', type: 'bigint', default: 0 }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('vector_sequence', 'pruned_through');
  }
}
