import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

/**
 * The vector records' change log. `vector_sequence` holds one row whose counter each write
 * increments inside its transaction: the row lock makes writes take sequences in commit order
 * and a rollback gives its number back, so readers polling `seq > ?` never skip a write.
 */
export class CreateVectorChanges1795254460000 implements MigrationInterface {
  readonly name = 'CreateVectorChanges1795254460000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'vector_sequence',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'last_seq', type: 'bigint', default: 0 },
        ],
      }),
    );
    await queryRunner.query('INSERT INTO vector_sequence (id, last_seq) VALUES (1, 0)');
    await queryRunner.createTable(
      new Table({
        name: 'vector_changes',
        columns: [
          { name: 'seq', type: 'bigint', isPrimary: true },
          portable.key(queryRunner, 'collection', 128, { isPrimary: true }),
          portable.key(queryRunner, 'record_id', 128, { isPrimary: true }),
          portable.varchar('kind', 8),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('vector_changes');
    await queryRunner.dropTable('vector_sequence');
  }
}
