import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { EnvelopeRefreshFamilyOrmEntity } from './envelope-refresh-family.orm-entity';

/** Row of `envelope_refresh_tokens`: one refresh token by its `jti`; `used` 1 once exchanged. */
@Entity({ name: 'envelope_refresh_tokens' })
export class EnvelopeRefreshTokenOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  jti!: string;

  @Column({ name: 'family_id', type: 'varchar', length: 36 })
  familyId!: string;

  /** Declared so the schema knows the foreign key; never loaded. */
  @ManyToOne(() => EnvelopeRefreshFamilyOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'family_id', foreignKeyConstraintName: 'FK_envelope_refresh_tokens_family' })
  family?: EnvelopeRefreshFamilyOrmEntity;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ type: 'integer', default: 0 })
  used!: number;

  @Column({ name: 'expires_at', type: 'datetime', precision: 3 })
  expiresAt!: Date;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
