import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';

/** Row of `users`; the schema itself is owned by the migrations. */
@Entity({ name: 'users' })
@Unique('UQ_users_email', ['email'])
export class UserOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 100 })
  nickname!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
