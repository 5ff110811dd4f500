import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DataSourceOrmEntity } from './data-source.orm-entity';

/** Row of `data_source_documents`: one JSON document of a `document` data source. */
@Entity({ name: 'data_source_documents' })
@Index('UQ_data_source_documents_id', ['id'], { unique: true })
@Index('IDX_data_source_documents_scan', ['dataSourceId', 'collection', 'seq'])
export class DataSourceDocumentOrmEntity {
  /** Insertion order, the order scans and unsorted queries follow. */
  @PrimaryGeneratedColumn({ type: 'integer' })
  seq!: number;

  @Column({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'data_source_id', type: 'varchar', length: 36 })
  dataSourceId!: string;

  /** Declared so the schema knows the foreign key (deleting a data source deletes its documents); never loaded. */
  @ManyToOne(() => DataSourceOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'data_source_id', foreignKeyConstraintName: 'FK_data_source_documents_source' })
  source?: DataSourceOrmEntity;

  @Column({ type: 'varchar', length: 64 })
  collection!: string;

  /** JSON text of the document, without `_id`. */
  @Column({ type: 'text' })
  body!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
