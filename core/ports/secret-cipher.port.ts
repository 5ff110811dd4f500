import { token } from '../shared/token';

/**
 * Authenticated encryption of small secrets kept at rest (custom tools' credentials).
 * `context` is bound to the ciphertext (additional authenticated data): a sealed value
 * copied to another record does not open there.
 */
export interface SecretCipher {
  /** Self-describing text (format version, nonce, ciphertext, tag); a fresh nonce every time. */
  seal(plaintext: string, context: string): string;
  /** Throws `SecretUnreadableError` when the value was tampered with, moved, or sealed under another key. */
  open(sealed: string, context: string): string;
}

export const SECRET_CIPHER = token<SecretCipher>('SecretCipher');
