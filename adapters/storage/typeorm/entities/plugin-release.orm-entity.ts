import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { InstalledPluginOrmEntity } from './installed-plugin.orm-entity';

/** Row of `plugin_releases`: one installed version of a plugin (its install or an update). */
@Entity({ name: 'plugin_releases' })
@Index('IDX_plugin_releases_plugin_installed', ['pluginId', 'installedAt'])
export class PluginReleaseOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'plugin_id', type: 'varchar', length: 64 })
  pluginId!: string;

  /** Uninstalling a plugin deletes its history. */
  @ManyToOne(() => InstalledPluginOrmEntity, { onDelete: 'CASCADE', onUpdate: 'RESTRICT' })
  @JoinColumn({ name: 'plugin_id', foreignKeyConstraintName: 'FK_plugin_releases_plugin' })
  plugin?: InstalledPluginOrmEntity;

  @Column({ type: 'varchar', length: 255 })
  version!: string;

  @Column({ type: 'varchar', length: 16 })
  action!: string;

  @Column({ type: 'varchar', length: 16 })
  source!: string;

  /** Empty for market installs. */
  @Column({ name: 'signing_key_id', type: 'varchar', length: 64 })
  signingKeyId!: string;

  @Column({ name: 'installed_by', type: 'varchar', length: 36 })
  installedBy!: string;

  @Column({ name: 'installed_at', type: 'datetime', precision: 3 })
  installedAt!: Date;
}
