import { inject, injectable } from 'inversify';
import { InvalidTokenError } from '../../domain/auth/auth.errors';
import { EnvelopeUser } from '../../domain/envelope/envelope-user.entity';
import { ENVELOPE_USER_REPOSITORY, EnvelopeUserRepository } from '../../ports/envelope-user-repository.port';
import { ENVELOPE_TOKEN_SERVICE, TokenService } from '../../ports/token-service.port';
import { envelopeUserIdOf } from './envelope-user-id';

/** An envelope access token → its user, read afresh (a deleted user's tokens stop at once). */
@injectable()
export class EnvelopeAuthenticator {
  constructor(
    @inject(ENVELOPE_TOKEN_SERVICE) private readonly tokens: TokenService,
    @inject(ENVELOPE_USER_REPOSITORY) private readonly users: EnvelopeUserRepository,
  ) {}

  async authenticate(accessToken: string): Promise<EnvelopeUser> {
    const claims = this.tokens.verify(accessToken, 'access');
    const user = await this.users.findById(envelopeUserIdOf(claims.sub));
    if (!user) throw new InvalidTokenError();
    return user;
  }
}
