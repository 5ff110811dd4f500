import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Row of `workflows`; the schema itself is owned by the migrations. */
@Entity({ name: 'workflows' })
@Index('IDX_workflows_owner_created', ['ownerId', 'createdAt'])
@Index('IDX_workflows_name_updated', ['name', 'updatedAt'])
export class WorkflowOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'text' })
  description!: string;

  /**
   * The graph as JSON. A `json` column rather than `text`: up to 200 nodes with templates of
   * 20,000 characters outgrow MySQL's 64 KiB TEXT. TypeORM (de)serialises it; SQLite keeps
   * text, MariaDB LONGTEXT, MySQL 8 its JSON type. Typed opaquely: TypeORM's deep partial
   * types cannot expand the recursive JSON type (TS2589); the mapper restores it.
   */
  @Column({ type: 'json' })
  graph!: object;

  @Column({ type: 'integer' })
  version!: number;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
