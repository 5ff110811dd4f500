import { Request } from 'express';
import { Container } from 'inversify';
import { InvalidTokenError } from '../../../core/domain/auth/auth.errors';
import { EnvelopeUser } from '../../../core/domain/envelope/envelope-user.entity';
import { EnvelopeAuthenticator } from '../../../core/services/envelope/envelope-authenticator.service';

/**
 * tsoa's authentication hook for the envelope contract: an envelope access token (never a refresh
 * token, never a platform token) → its user, which tsoa stores as `request.user`.
 */
export async function expressAuthentication(request: Request, securityName: string): Promise<EnvelopeUser> {
  if (securityName !== 'bearer') throw new InvalidTokenError(`Unsupported authentication scheme ${securityName}`);
  const match = /^Bearer ([A-Za-z0-9_\-.=+/]+)$/i.exec(request.headers.authorization ?? '');
  if (!match) throw new InvalidTokenError('Missing bearer token');
  return authenticatorOf(request.app.locals.container as Container).authenticate(match[1]);
}

/** Resolved once per container: this runs on every authenticated request. */
const authenticators = new WeakMap<Container, EnvelopeAuthenticator>();

function authenticatorOf(container: Container): EnvelopeAuthenticator {
  let authenticator = authenticators.get(container);
  if (!authenticator) {
    authenticator = container.get(EnvelopeAuthenticator);
    authenticators.set(container, authenticator);
  }
  return authenticator;
}
