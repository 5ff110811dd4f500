import { token } from '../shared/token';

/** Source of identifiers and random secrets; the core never calls `randomUUID` itself. */
export interface IdGenerator {
  /** A v4 UUID, 36 characters. */
  uuid(): string;
  /** `bytes` random bytes, base64url-encoded. */
  secret(bytes: number): string;
}

export const ID_GENERATOR = token<IdGenerator>('IdGenerator');
