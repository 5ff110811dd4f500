import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Row of `data_sources`; the schema itself is owned by the migrations. */
@Entity({ name: 'data_sources' })
@Index('UQ_data_sources_owner_name', ['ownerId', 'name'], { unique: true })
export class DataSourceOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ type: 'varchar', length: 128 })
  name!: string;

  @Column({ type: 'varchar', length: 16 })
  type!: string;

  /** JSON text of the connection settings (no secret). */
  @Column({ type: 'text' })
  config!: string;

  /** Empty when there is no secret: MariaDB reports nullable defaults in a way TypeORM misreads. */
  @Column({ name: 'sealed_secret', type: 'text' })
  sealedSecret!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
