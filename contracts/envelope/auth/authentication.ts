import { Request } from 'express';
import { InvalidTokenError } from '../../../core/domain/auth/auth.errors';

/**
 * tsoa's authentication hook for the envelope contract. Its user accounts and tokens
 * arrive with the envelope users module; until then every protected route refuses.
 */
export async function expressAuthentication(_request: Request, securityName: string): Promise<never> {
  throw new InvalidTokenError(`Unsupported authentication scheme ${securityName}`);
}
