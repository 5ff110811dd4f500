import { token } from '../shared/token';

/** A slow, salted password hash. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-time comparison; false (never a throw) for a malformed hash. */
  verify(password: string, hash: string): Promise<boolean>;
}

export const PASSWORD_HASHER = token<PasswordHasher>('PasswordHasher');
