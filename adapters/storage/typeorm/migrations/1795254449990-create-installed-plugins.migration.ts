import { MigrationInterface, QueryRunner, Table, TableForeignKeyOptions } from 'typeorm';
import { portable } from './portable-columns';

const pluginFk = (name: string): TableForeignKeyOptions => ({
  name,
  columnNames: ['plugin_id'],
  referencedTableName: 'installed_plugins',
  referencedColumnNames: ['id'],
  onDelete: 'CASCADE',
  onUpdate: 'RESTRICT',
});

/** Installed market plugins: summary rows, their manifest and code in chunks, and their release history. */
export class CreateInstalledPlugins1795254449990 implements MigrationInterface {
  readonly name = 'CreateInstalledPlugins1795254449990';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'installed_plugins',
        columns: [
          portable.key(queryRunner, 'id', 64, { isPrimary: true }),
          portable.varchar('version', 255),
          portable.varchar('publisher', 64),
          portable.varchar('name', 128),
          portable.text('description'),
          portable.varchar('category', 32),
          portable.varchar('capabilities', 255),
          { name: 'enabled', type: 'boolean' },
          portable.varchar('source', 16),
          portable.varchar('signing_key_id', 64),
          portable.uuid('installed_by'),
          portable.timestamp('installed_at'),
          portable.timestamp('updated_at'),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'installed_plugin_chunks',
        columns: [
          portable.key(queryRunner, 'plugin_id', 64, { isPrimary: true }),
          portable.varchar('file', 16, { isPrimary: true }),
          { name: 'seq', type: 'integer', isPrimary: true },
          portable.blob('data'),
        ],
        foreignKeys: [pluginFk('FK_installed_plugin_chunks_plugin')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'plugin_releases',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.key(queryRunner, 'plugin_id', 64),
          portable.varchar('version', 255),
          portable.varchar('action', 16),
          portable.varchar('source', 16),
          portable.varchar('signing_key_id', 64),
          portable.uuid('installed_by'),
          portable.timestamp('installed_at'),
        ],
        indices: [{ name: 'IDX_plugin_releases_plugin_installed', columnNames: ['plugin_id', 'installed_at'] }],
        foreignKeys: [pluginFk('FK_plugin_releases_plugin')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('plugin_releases');
    await queryRunner.dropTable('installed_plugin_chunks');
    await queryRunner.dropTable('installed_plugins');
  }
}
