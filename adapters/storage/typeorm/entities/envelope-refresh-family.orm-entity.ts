import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { EnvelopeUserOrmEntity } from './envelope-user.orm-entity';

/** Row of `envelope_refresh_families`: the refresh tokens rotated from one login; `revoked` 1 once one was reused. */
@Entity({ name: 'envelope_refresh_families' })
export class EnvelopeRefreshFamilyOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  /** Declared so the schema knows the foreign key; never loaded. */
  @ManyToOne(() => EnvelopeUserOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_envelope_refresh_families_user' })
  user?: EnvelopeUserOrmEntity;

  @Column({ type: 'integer', default: 0 })
  revoked!: number;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
