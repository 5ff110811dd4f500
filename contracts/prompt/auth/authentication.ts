import { Request } from 'express';
import { Container } from 'inversify';
import { ApiKeyPrincipal } from '../../../core/domain/api-key/api-key.entity';
import { PromptRateLimitedError } from '../../../core/domain/prompt/prompt.errors';
import { UnauthorizedError } from '../../../core/shared/common.errors';
import { ApiKeyAuthenticator } from '../../../core/services/prompt/api-key-authenticator.service';
import { OptimizeQuota } from '../../../core/services/prompt/optimize-quota.service';
import { announceRateLimit } from '../http/rate-limit-state';

/**
 * tsoa's authentication hook for the prompt contract, declared per route with
 * `@Security('api_key')`. It checks `X-API-Key` (401 missing, 403 not valid), then counts
 * the request against the key's limit (429 past it); every request with a valid key counts.
 */
export async function expressAuthentication(request: Request, securityName: string): Promise<ApiKeyPrincipal> {
  if (securityName !== 'api_key') {
    throw new UnauthorizedError('Unsupported authentication scheme');
  }
  const container = request.app.locals.container as Container;
  const principal = await container.get(ApiKeyAuthenticator).authenticate(request.header('x-api-key'));
  try {
    const decision = await container.get(OptimizeQuota).admit(principal.keyId);
    if (request.res) announceRateLimit(request.res, decision);
  } catch (error) {
    if (error instanceof PromptRateLimitedError && request.res) announceRateLimit(request.res, error.decision);
    throw error;
  }
  return principal;
}
