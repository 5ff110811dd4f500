import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, KeyObject, randomBytes } from 'node:crypto';
import { SecretUnreadableError } from '../../core/domain/tool/custom-tool.errors';
import { SecretCipher } from '../../core/ports/secret-cipher.port';

const FORMAT = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Changing it makes every stored secret unreadable: it names the purpose, not a version of the data. */
const KEY_INFO = 'agent-platform/secret-cipher/v1';

/**
 * AES-256-GCM with a random 96-bit nonce per seal and the context as additional data.
 * Output: `v1.<nonce>.<ciphertext>.<tag>`, base64url parts.
 */
export class AesGcmSecretCipher implements SecretCipher {
  private constructor(private readonly key: KeyObject) {}

  /**
   * A cipher key derived (HKDF-SHA256) from a master secret, e.g. the JWT key: one secret to
   * manage, yet the signing key itself never encrypts anything.
   */
  static derivedFrom(master: KeyObject): AesGcmSecretCipher {
    const derived = hkdfSync('sha256', master.export(), 'agent-platform', KEY_INFO, 32);
    return new AesGcmSecretCipher(createSecretKey(Buffer.from(derived)));
  }

  seal(plaintext: string, context: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT, nonce, ciphertext, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  open(sealed: string, context: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== FORMAT) throw new SecretUnreadableError();
    const [nonce, ciphertext, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
    if (nonce.length !== NONCE_BYTES || tag.length !== TAG_BYTES) throw new SecretUnreadableError();
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, nonce, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretUnreadableError();
    }
  }
}
