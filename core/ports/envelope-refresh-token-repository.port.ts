import { EnvelopeRefreshToken } from '../domain/envelope/envelope-refresh-token';
import { token } from '../shared/token';

/**
 * Refresh tokens of the envelope contract, in families: a login starts one, each rotation adds
 * the next token to it. Using a token is one conditional write, so however many requests race
 * with one token, exactly one of them uses it, whichever process each runs in.
 */
export interface EnvelopeRefreshTokenRepository {
  /** Stores a token of a new family (`newFamily`) or of an existing one. */
  save(refreshToken: EnvelopeRefreshToken, newFamily: boolean): Promise<void>;
  /**
   * Marks the token used when it is unused, unexpired at `now` and its family is not revoked;
   * true for the one caller that did so, false for everyone else.
   */
  use(jti: string, now: Date): Promise<boolean>;
  find(jti: string): Promise<EnvelopeRefreshToken | null>;
  /** No token of the family works any more, those issued after this call included. */
  revokeFamily(familyId: string): Promise<void>;
}

export const ENVELOPE_REFRESH_TOKEN_REPOSITORY = token<EnvelopeRefreshTokenRepository>('EnvelopeRefreshTokenRepository');
