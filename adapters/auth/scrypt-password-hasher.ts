import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { PasswordHasher } from '../../core/ports/password-hasher.port';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

/** Node's built-in scrypt: a memory-hard slow hash with no native dependency to install. */
export class ScryptPasswordHasher implements PasswordHasher {
  constructor(private readonly cost = 16384) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await this.derive(password, salt, this.cost);
    return ['scrypt', this.cost, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, cost, salt, key] = stored.split('$');
    const n = Number(cost);
    if (scheme !== 'scrypt' || !Number.isInteger(n) || n < 2 || !salt || !key) {
      return false;
    }
    const expected = Buffer.from(key, 'base64url');
    const actual = await this.derive(password, Buffer.from(salt, 'base64url'), n);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  private derive(password: string, salt: Buffer, cost: number): Promise<Buffer> {
    return scryptAsync(password.normalize('NFKC'), salt, 32, { N: cost, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  }
}
