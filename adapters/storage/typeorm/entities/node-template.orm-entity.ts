import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserOrmEntity } from './user.orm-entity';

/** Row of `node_templates`; the schema itself is owned by the migrations. */
@Entity({ name: 'node_templates' })
@Index('IDX_node_templates_owner_updated', ['ownerId', 'updatedAt'])
@Index('IDX_node_templates_owner_type_updated', ['ownerId', 'nodeType', 'updatedAt'])
export class NodeTemplateOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  /** Deleting a user deletes their templates. */
  @ManyToOne(() => UserOrmEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'FK_node_templates_owner' })
  owner?: UserOrmEntity;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ name: 'node_type', type: 'varchar', length: 64 })
  nodeType!: string;

  /** The config as JSON; typed opaquely as `workflows.graph` is (TS2589), the mapper restores it. */
  @Column({ type: 'json' })
  config!: object;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
