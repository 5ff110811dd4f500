import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Row of `vector_records`: the durable copy of one embedded-index entry. */
@Entity({ name: 'vector_records' })
export class VectorRecordOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 128 })
  collection!: string;

  @PrimaryColumn({ type: 'varchar', length: 128 })
  id!: string;

  /** Float32 little-endian, 4 bytes a dimension (see float32-codec.ts). */
  @Column({ type: 'blob' })
  vector!: Buffer;

  /** JSON text: portable across SQLite and MySQL, unlike a native JSON type. */
  @Column({ type: 'text' })
  metadata!: string;

  @Column({ type: 'text' })
  content!: string;
}
