import { inject, injectable } from 'inversify';
import { TooManyLoginAttemptsError } from '../../domain/auth/auth.errors';
import { RateLimitDecision, RateLimitRule, secondsUntilReset } from '../../domain/rate-limit/rate-limit';
import { CLOCK, Clock } from '../../ports/clock.port';
import { RATE_LIMITER, RateLimiter } from '../../ports/rate-limiter.port';
import { SECRET_HASHER, SecretHasher } from '../../ports/secret-hasher.port';
import { AUTH_LIMITS, AuthLimits, LOGIN_WINDOW_SECONDS } from './auth-limits';

interface Counted {
  bucket: string;
  decision: RateLimitDecision;
}

/** The failures an admitted attempt was counted as, to give back if it succeeds. */
export interface LoginAdmission {
  readonly counted: ReadonlyArray<Counted>;
}

/**
 * Failed-login limits in the shared rate limiter, one bucket per client address and one per
 * e-mail and client address. Keying the e-mail's bucket on the address too means a stranger who
 * hammers someone's e-mail locks out only themselves.
 */
@injectable()
export class LoginAttempts {
  constructor(
    @inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @inject(SECRET_HASHER) private readonly hasher: SecretHasher,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AUTH_LIMITS) private readonly limits: AuthLimits,
  ) {}

  /**
   * Counts the attempt as a failure before its password is checked, so however many attempts
   * race, at most the limit reach the check; throws `TooManyLoginAttemptsError` past either limit.
   */
  async admit(email: string, clientAddress: string): Promise<LoginAdmission> {
    const now = this.clock.now();
    const address = await this.count(`login-address:${clientAddress}`, this.limits.loginFailuresPerAddress, now);
    // A digest keeps the key short whatever the e-mail, and keeps e-mails out of the table.
    const emailBucket = `login-email:${this.hasher.digest(`${email}\n${clientAddress}`)}`;
    try {
      const email = await this.count(emailBucket, this.limits.loginFailuresPerEmail, now);
      return { counted: [address, email] };
    } catch (error) {
      // Refused before any password check: no failed login of this address either.
      await this.limiter.refund(address.bucket, address.decision);
      throw error;
    }
  }

  /** Successful logins never count (decisions.md): gives back what the attempt was counted as. */
  async forgive(admission: LoginAdmission): Promise<void> {
    await Promise.all(admission.counted.map(({ bucket, decision }) => this.limiter.refund(bucket, decision)));
  }

  private async count(bucket: string, limit: number, now: Date): Promise<Counted> {
    const rule: RateLimitRule = { limit, windowSeconds: LOGIN_WINDOW_SECONDS };
    const decision = await this.limiter.consume(bucket, rule, now);
    if (!decision.allowed) throw new TooManyLoginAttemptsError(secondsUntilReset(decision, now));
    return { bucket, decision };
  }
}
