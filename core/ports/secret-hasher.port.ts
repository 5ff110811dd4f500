import { token } from '../shared/token';

/**
 * A fast digest for high-entropy machine secrets (API keys), which need no slow, salted
 * password hash: guessing 256 random bits is hopeless at any speed.
 */
export interface SecretHasher {
  digest(secret: string): string;
  /** Constant-time comparison; false (never a throw) for a malformed digest. */
  matches(secret: string, digest: string): boolean;
}

export const SECRET_HASHER = token<SecretHasher>('SecretHasher');
