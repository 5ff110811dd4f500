import { inject, injectable } from 'inversify';
import { InvalidTokenError } from '../../domain/auth/auth.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ENVELOPE_REFRESH_TOKEN_REPOSITORY, EnvelopeRefreshTokenRepository } from '../../ports/envelope-refresh-token-repository.port';
import { ENVELOPE_USER_REPOSITORY, EnvelopeUserRepository } from '../../ports/envelope-user-repository.port';
import { ENVELOPE_TOKEN_SERVICE, TokenService } from '../../ports/token-service.port';
import { EnvelopeTokenIssuer, EnvelopeTokenPair } from './envelope-token-issuer.service';
import { envelopeUserIdOf } from './envelope-user-id';

/**
 * Rotation (decisions.md): a refresh token works once and is exchanged for a new pair of the same
 * family. Presenting a used one means two parties hold it, so the whole family is revoked: its
 * newest token stops working too, and the user logs in again. Requests racing with one token are
 * such a reuse: one wins, the others fail and revoke the family.
 */
@injectable()
export class EnvelopeTokenRefresher {
  constructor(
    @inject(ENVELOPE_TOKEN_SERVICE) private readonly tokens: TokenService,
    @inject(ENVELOPE_REFRESH_TOKEN_REPOSITORY) private readonly refreshTokens: EnvelopeRefreshTokenRepository,
    @inject(ENVELOPE_USER_REPOSITORY) private readonly users: EnvelopeUserRepository,
    @inject(EnvelopeTokenIssuer) private readonly issuer: EnvelopeTokenIssuer,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async refresh(refreshToken: string): Promise<EnvelopeTokenPair> {
    const claims = this.tokens.verify(refreshToken, 'refresh');
    const userId = envelopeUserIdOf(claims.sub);
    const stored = await this.refreshTokens.find(claims.jti);
    if (!stored || stored.userId !== userId) throw new InvalidTokenError();
    if (!(await this.refreshTokens.use(stored.jti, this.clock.now()))) {
      await this.refreshTokens.revokeFamily(stored.familyId);
      throw new InvalidTokenError('Refresh token already used or revoked');
    }
    if (!(await this.users.findById(userId))) throw new InvalidTokenError();
    return this.issuer.issue(userId, stored.familyId);
  }
}
