import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** Row of `envelope_users`: the envelope contract's accounts, apart from `users`. */
@Entity({ name: 'envelope_users' })
@Unique('UQ_envelope_users_email', ['email'])
export class EnvelopeUserOrmEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 100 })
  nickname!: string;

  @Column({ type: 'varchar', length: 500 })
  avatar!: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
