import { Request } from 'express';
import { Container } from 'inversify';
import { Actor } from '../../../core/domain/auth/actor';
import { InvalidTokenError } from '../../../core/domain/auth/auth.errors';
import { BearerAuthenticator } from '../../../core/services/auth/bearer-authenticator.service';
import { ForbiddenError } from '../../../core/shared/common.errors';
import { WebhookGate } from '../../../core/services/webhooks/webhook-gate.service';
import { webhookRequestOf } from '../webhooks/webhook-request';
import { rememberAuthenticatedUser } from './authenticated-user';

/** What a webhook route's caller is: whoever holds the global webhook token, no user. */
export interface WebhookCaller {
  webhook: true;
}

/** tsoa's single authentication hook: dispatches on the scheme named in `@Security`. */
export async function expressAuthentication(request: Request, securityName: string, scopes: string[] = []): Promise<Actor | WebhookCaller> {
  if (securityName === 'webhook_token') {
    (request.app.locals.container as Container).get(WebhookGate).admit(webhookRequestOf(request));
    return { webhook: true };
  }
  if (securityName !== 'bearer') {
    throw new InvalidTokenError('Unsupported authentication scheme');
  }
  const token = bearerToken(request.headers.authorization);
  const { actor, user } = await authenticatorOf(request.app.locals.container as Container).authenticate(token);
  rememberAuthenticatedUser(request, user);
  if (scopes.includes('admin') && actor.role !== 'admin') {
    throw new ForbiddenError('Administrator role required');
  }
  return actor;
}

/** Resolved once per container: this runs on every authenticated request. */
const authenticators = new WeakMap<Container, BearerAuthenticator>();

function authenticatorOf(container: Container): BearerAuthenticator {
  let authenticator = authenticators.get(container);
  if (!authenticator) {
    authenticator = container.get(BearerAuthenticator);
    authenticators.set(container, authenticator);
  }
  return authenticator;
}

function bearerToken(header: string | undefined): string {
  const match = /^Bearer ([A-Za-z0-9_\-.=+/]+)$/i.exec(header ?? '');
  if (!match) {
    throw new InvalidTokenError('Missing bearer token');
  }
  return match[1];
}
