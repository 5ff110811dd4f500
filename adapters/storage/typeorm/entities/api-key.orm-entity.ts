import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Row of `prompt_api_keys`: an issued key of the prompt contract, its secret only as a digest. */
@Entity({ name: 'prompt_api_keys' })
export class ApiKeyOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'varchar', length: 64 })
  name!: string;

  @Column({ name: 'secret_digest', type: 'varchar', length: 128 })
  secretDigest!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
