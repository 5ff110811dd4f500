import { createHash, timingSafeEqual } from 'node:crypto';
import { SecretHasher } from '../../core/ports/secret-hasher.port';

const PREFIX = 'sha256$';
const HEX_DIGEST = /^sha256\$[0-9a-f]{64}$/;

/** SHA-256 of a high-entropy secret, compared in constant time. */
export class Sha256SecretHasher implements SecretHasher {
  digest(secret: string): string {
    return `${PREFIX}${createHash('sha256').update(secret, 'utf8').digest('hex')}`;
  }

  matches(secret: string, digest: string): boolean {
    const expected = HEX_DIGEST.test(digest) ? Buffer.from(digest.slice(PREFIX.length), 'hex') : Buffer.alloc(32);
    const actual = createHash('sha256').update(secret, 'utf8').digest();
    // Compared even for a malformed digest, so a bad row costs the same time as a good one.
    return timingSafeEqual(actual, expected) && HEX_DIGEST.test(digest);
  }
}
