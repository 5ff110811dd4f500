import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { InvalidTokenError } from '../../domain/auth/auth.errors';
import { ROLES, Role } from '../../domain/auth/role';
import { TOKEN_SERVICE, TokenService } from '../../ports/token-service.port';

/** Turns an access token into the actor it speaks for. */
@injectable()
export class BearerAuthenticator {
  constructor(@inject(TOKEN_SERVICE) private readonly tokens: TokenService) {}

  authenticate(token: string): Actor {
    const claims = this.tokens.verify(token, 'access');
    const role = claims.role as Role;
    if (!ROLES.includes(role)) {
      throw new InvalidTokenError();
    }
    return { userId: claims.sub, role };
  }
}
