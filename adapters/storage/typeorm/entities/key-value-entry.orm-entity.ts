import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Row of `kv_entries`: one key's value in one namespace of the `kv` capability. */
@Entity({ name: 'kv_entries' })
@Index('IDX_kv_entries_expires', ['expiresMs'])
export class KeyValueEntryOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  namespace!: string;

  @PrimaryColumn({ type: 'varchar', length: 256 })
  key!: string;

  /** The value's JSON text. */
  @Column({ type: 'text' })
  value!: string;

  /** What the entry counts against its namespace's bytes (UTF-8 key plus JSON text). */
  @Column({ type: 'integer' })
  bytes!: number;

  /** Epoch milliseconds from which the entry reads as absent; `NEVER_EXPIRES_MS` for no TTL. */
  @Column({ name: 'expires_ms', type: 'bigint' })
  expiresMs!: string | number;
}

/** No TTL: the largest safe integer, so "live" is one comparison and the sweep never reaches it. */
export const NEVER_EXPIRES_MS = Number.MAX_SAFE_INTEGER;
