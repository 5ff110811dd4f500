import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Row of `kv_usage`: what one namespace holds, kept in step with its `kv_entries` in the same
 * transactions, so the quota is checked by one conditional update instead of a count.
 */
@Entity({ name: 'kv_usage' })
export class KeyValueUsageOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  namespace!: string;

  @Column({ type: 'integer' })
  keys!: number;

  @Column({ type: 'integer' })
  bytes!: number;
}
