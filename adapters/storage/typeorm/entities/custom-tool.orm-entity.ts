import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { UserOrmEntity } from './user.orm-entity';

/** Row of `custom_tools`; the schema itself is owned by the migrations. */
@Entity({ name: 'custom_tools' })
@Unique('UQ_custom_tools_owner_name', ['ownerId', 'name'])
export class CustomToolOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  /** Deleting a user deletes their tools. */
  @ManyToOne(() => UserOrmEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'FK_custom_tools_owner' })
  owner?: UserOrmEntity;

  @Column({ type: 'varchar', length: 64 })
  name!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'varchar', length: 32 })
  category!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: string;

  /** JSON of the kind's config, without any secret. */
  @Column({ type: 'text' })
  config!: string;

  @Column({ name: 'input_schema', type: 'text' })
  inputSchema!: string;

  @Column({ name: 'output_schema', type: 'text' })
  outputSchema!: string;

  /** `SecretCipher` output, or empty: MariaDB reports nullable defaults in a way TypeORM misreads. */
  @Column({ name: 'sealed_secret', type: 'text' })
  sealedSecret!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
