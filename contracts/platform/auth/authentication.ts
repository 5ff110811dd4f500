import { Request } from 'express';
import { Container } from 'inversify';
import { Actor } from '../../../core/domain/auth/actor';
import { InvalidTokenError } from '../../../core/domain/auth/auth.errors';
import { BearerAuthenticator } from '../../../core/services/auth/bearer-authenticator.service';
import { ForbiddenError } from '../../../core/shared/common.errors';
import { rememberAuthenticatedUser } from './authenticated-user';

/** tsoa's single authentication hook: dispatches on the scheme named in `@Security`. */
export async function expressAuthentication(request: Request, securityName: string, scopes: string[] = []): Promise<Actor> {
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
