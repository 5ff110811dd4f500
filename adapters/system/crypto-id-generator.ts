import { randomBytes, randomUUID } from 'node:crypto';
import { IdGenerator } from '../../core/ports/id-generator.port';

export class CryptoIdGenerator implements IdGenerator {
  uuid(): string {
    return randomUUID();
  }

  secret(bytes: number): string {
    return randomBytes(bytes).toString('base64url');
  }
}
