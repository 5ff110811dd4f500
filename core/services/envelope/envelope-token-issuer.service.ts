import { inject, injectable } from 'inversify';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ENVELOPE_REFRESH_TOKEN_REPOSITORY, EnvelopeRefreshTokenRepository } from '../../ports/envelope-refresh-token-repository.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { ENVELOPE_TOKEN_SERVICE, TokenService } from '../../ports/token-service.port';
import { ENVELOPE_ACCESS_TOKEN_TTL_SECONDS, ENVELOPE_REFRESH_TOKEN_TTL_SECONDS } from './envelope-token-lifetimes';

export interface EnvelopeTokenPair {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
}

/** Issues an access token and a refresh token, storing the refresh token in its family. */
@injectable()
export class EnvelopeTokenIssuer {
  constructor(
    @inject(ENVELOPE_TOKEN_SERVICE) private readonly tokens: TokenService,
    @inject(ENVELOPE_REFRESH_TOKEN_REPOSITORY) private readonly refreshTokens: EnvelopeRefreshTokenRepository,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A login starts a new family; a rotation passes the family of the token it used. */
  async issue(userId: number, familyId?: string): Promise<EnvelopeTokenPair> {
    const subject = String(userId);
    const access = this.tokens.issue(subject, 'access', ENVELOPE_ACCESS_TOKEN_TTL_SECONDS);
    const refresh = this.tokens.issue(subject, 'refresh', ENVELOPE_REFRESH_TOKEN_TTL_SECONDS);
    await this.refreshTokens.save(
      { jti: refresh.jti, familyId: familyId ?? this.ids.uuid(), userId, expiresAt: refresh.expiresAt, createdAt: this.clock.now() },
      familyId === undefined,
    );
    return { accessToken: access.token, refreshToken: refresh.token, expiresInSeconds: ENVELOPE_ACCESS_TOKEN_TTL_SECONDS };
  }
}
