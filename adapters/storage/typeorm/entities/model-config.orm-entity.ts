import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { UserOrmEntity } from './user.orm-entity';

/** Row of `model_configs`; the schema itself is owned by the migrations. */
@Entity({ name: 'model_configs' })
@Unique('UQ_model_configs_owner_name', ['ownerId', 'name'])
@Unique('UQ_model_configs_default_key', ['defaultKey'])
export class ModelConfigOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  /** Deleting a user deletes their configurations. */
  @ManyToOne(() => UserOrmEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'FK_model_configs_owner' })
  owner?: UserOrmEntity;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 16 })
  provider!: string;

  @Column({ type: 'varchar', length: 200 })
  model!: string;

  /** Empty when the provider's public endpoint is used. */
  @Column({ name: 'base_url', type: 'text' })
  baseUrl!: string;

  /** `SecretCipher` output, or empty. */
  @Column({ name: 'sealed_api_key', type: 'text' })
  sealedApiKey!: string;

  /** Empty when there is no key. */
  @Column({ name: 'api_key_hint', type: 'varchar', length: 16 })
  apiKeyHint!: string;

  /** The owner's id on their default configuration, the row's own id on the others: one default per owner, by a unique index. */
  @Column({ name: 'default_key', type: 'varchar', length: 36 })
  defaultKey!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
