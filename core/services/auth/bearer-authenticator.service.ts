import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { InvalidTokenError } from '../../domain/auth/auth.errors';
import { User } from '../../domain/user/user.entity';
import { TOKEN_SERVICE, TokenService } from '../../ports/token-service.port';
import { USER_REPOSITORY, UserRepository } from '../../ports/user-repository.port';

/** Who a request speaks for: the actor the core authorizes, and the user row it was read from. */
export interface Authenticated {
  actor: Actor;
  user: User;
}

/**
 * Turns an access token into the user it speaks for, read afresh on every request (one point
 * read), so a deleted user's tokens stop working at once and a demoted user loses the role at
 * once: the role comes from the row, never from the token.
 */
@injectable()
export class BearerAuthenticator {
  constructor(
    @inject(TOKEN_SERVICE) private readonly tokens: TokenService,
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
  ) {}

  async authenticate(token: string): Promise<Authenticated> {
    const claims = this.tokens.verify(token, 'access');
    const user = await this.users.findById(claims.sub);
    if (!user) {
      // The token outlived its user: the caller is no longer anybody.
      throw new InvalidTokenError();
    }
    return { actor: { userId: user.id, role: user.role }, user };
  }
}
