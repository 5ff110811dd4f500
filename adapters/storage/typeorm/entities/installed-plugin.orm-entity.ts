import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Row of `installed_plugins`: the summary of an installed market plugin. Its manifest and
 * code live in `installed_plugin_chunks` (they can outgrow a MySQL TEXT column).
 */
@Entity({ name: 'installed_plugins' })
export class InstalledPluginOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 255 })
  version!: string;

  @Column({ type: 'varchar', length: 64 })
  publisher!: string;

  @Column({ type: 'varchar', length: 128 })
  name!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'varchar', length: 32 })
  category!: string;

  /** Comma-separated capability names, sorted. */
  @Column({ type: 'varchar', length: 255 })
  capabilities!: string;

  @Column({ type: 'boolean' })
  enabled!: boolean;

  @Column({ type: 'varchar', length: 16 })
  source!: string;

  /** Empty for market installs: MariaDB reports nullable defaults in a way TypeORM misreads. */
  @Column({ name: 'signing_key_id', type: 'varchar', length: 64 })
  signingKeyId!: string;

  @Column({ name: 'installed_by', type: 'varchar', length: 36 })
  installedBy!: string;

  @Column({ name: 'installed_at', type: 'datetime', precision: 3 })
  installedAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
