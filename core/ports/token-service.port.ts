import { token } from '../shared/token';

export interface TokenClaims {
  /** Subject: the user id. */
  sub: string;
  /** Unique token id, the key for revocation and reuse detection. */
  jti: string;
  /** Token purpose, so an access token never passes as a refresh token. */
  typ: 'access' | 'refresh';
  /** Expiry, seconds since the epoch. */
  exp: number;
  role?: string;
}

export interface IssuedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

/** Signs and verifies bearer tokens. Verification pins the algorithm and requires `exp`. */
export interface TokenService {
  issue(subject: string, typ: TokenClaims['typ'], ttlSeconds: number, extra?: { role?: string }): IssuedToken;
  /** Throws `InvalidTokenError` for anything but a valid, unexpired token of the expected type. */
  verify(token: string, typ: TokenClaims['typ']): TokenClaims;
}

export const TOKEN_SERVICE = token<TokenService>('TokenService');

/**
 * The envelope contract's tokens: the same service under its own audience, so a token of one
 * contract never passes on the other (envelope users are not platform users).
 */
export const ENVELOPE_TOKEN_SERVICE = token<TokenService>('EnvelopeTokenService');
