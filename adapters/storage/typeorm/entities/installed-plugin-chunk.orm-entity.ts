import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { InstalledPluginOrmEntity } from './installed-plugin.orm-entity';

/** Row of `installed_plugin_chunks`: one piece (at most 60,000 bytes of UTF-8) of a plugin's manifest or code. */
@Entity({ name: 'installed_plugin_chunks' })
export class InstalledPluginChunkOrmEntity {
  @PrimaryColumn({ name: 'plugin_id', type: 'varchar', length: 64 })
  pluginId!: string;

  /** `manifest` or `code`. */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  file!: string;

  @PrimaryColumn({ type: 'integer' })
  seq!: number;

  /** Uninstalling a plugin deletes its files. */
  @ManyToOne(() => InstalledPluginOrmEntity, { onDelete: 'CASCADE', onUpdate: 'RESTRICT' })
  @JoinColumn({ name: 'plugin_id', foreignKeyConstraintName: 'FK_installed_plugin_chunks_plugin' })
  plugin?: InstalledPluginOrmEntity;

  @Column({ type: 'blob' })
  data!: Buffer;
}
