import { User } from '../domain/user/user.entity';
import { token } from '../shared/token';

/** Platform users. E-mails are stored lower-cased and unique. */
export interface UserRepository {
  /** Throws `EmailTakenError` when the e-mail exists (the unique index decides, not a pre-check). */
  create(user: User): Promise<void>;
  findById(id: string): Promise<User | null>;
  findByEmail(email: string): Promise<User | null>;
}

export const USER_REPOSITORY = token<UserRepository>('UserRepository');
