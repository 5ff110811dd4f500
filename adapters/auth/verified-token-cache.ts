import { TokenClaims } from '../../core/ports/token-service.port';

/** Tokens remembered at most: a few MB at worst, a small fraction of the users a server holds a session for at once. */
const DEFAULT_CAPACITY = 10_000;
/** Longest a verification is reused, whatever the token's own expiry. */
const DEFAULT_HOLD_SECONDS = 60;

interface Entry {
  claims: Readonly<TokenClaims>;
  /** Seconds since the epoch after which the entry is no longer used. */
  until: number;
}

/**
 * Tokens whose signature, issuer and audience were verified, keyed by the exact token text, so a
 * client that sends the same bearer token with every request pays the HMAC and the JSON decoding
 * once a minute rather than per request. Verification is a pure function of the text and the
 * clock (the key never changes in a process), so a hit answers what verifying again would,
 * provided the time checks are repeated: an entry is used only before the token's `exp` (and
 * never past the hold time). Only successes are kept; a refused token is verified (and refused)
 * again each time. Full, it drops the oldest entry.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly capacity = DEFAULT_CAPACITY,
    private readonly holdSeconds = DEFAULT_HOLD_SECONDS,
  ) {}

  /** The claims of a token verified before, if it is still unexpired at `nowSeconds`. */
  get(token: string, nowSeconds: number): Readonly<TokenClaims> | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    // jsonwebtoken refuses a token from its `exp` second on.
    if (nowSeconds >= entry.until || nowSeconds >= entry.claims.exp) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.claims;
  }

  remember(token: string, claims: TokenClaims, nowSeconds: number): Readonly<TokenClaims> {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const kept = Object.freeze({ ...claims });
    this.entries.set(token, { claims: kept, until: nowSeconds + this.holdSeconds });
    return kept;
  }

  get size(): number {
    return this.entries.size;
  }
}
