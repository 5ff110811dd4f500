import { Request } from 'express';
import { UnauthorizedError } from '../../../core/shared/common.errors';

/** tsoa's authentication hook for the prompt contract (API keys arrive with the key module). */
export async function expressAuthentication(_request: Request, securityName: string): Promise<never> {
  throw new UnauthorizedError(`Unsupported authentication scheme ${securityName}`);
}
