import { inject, injectable } from 'inversify';
import { TooManyRegistrationsError } from '../../domain/auth/auth.errors';
import { EnvelopeWeakPasswordError } from '../../domain/envelope/envelope.errors';
import { EnvelopeUser } from '../../domain/envelope/envelope-user.entity';
import { secondsUntilReset } from '../../domain/rate-limit/rate-limit';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ENVELOPE_USER_REPOSITORY, EnvelopeUserRepository } from '../../ports/envelope-user-repository.port';
import { PASSWORD_HASHER, PasswordHasher } from '../../ports/password-hasher.port';
import { RATE_LIMITER, RateLimiter } from '../../ports/rate-limiter.port';
import { ValidationError } from '../../shared/common.errors';
import { AUTH_LIMITS, AuthLimits, REGISTRATION_WINDOW_SECONDS } from '../auth/auth-limits';
import { defaultNickname, emailIssues, nicknameIssues, normalizeEmail, passwordIssues } from '../auth/credentials-policy';

export interface EnvelopeRegistration {
  email: string;
  password: string;
  nickname?: string;
  clientAddress: string;
}

/** Sign-up on the envelope contract: the platform's credential rules and registration limit, its own users. */
@injectable()
export class EnvelopeRegistrar {
  constructor(
    @inject(ENVELOPE_USER_REPOSITORY) private readonly users: EnvelopeUserRepository,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AUTH_LIMITS) private readonly limits: AuthLimits,
  ) {}

  /** A malformed e-mail or nickname is 40000, a weak password 40004, a taken e-mail 40003. */
  async register(registration: EnvelopeRegistration): Promise<EnvelopeUser> {
    const email = normalizeEmail(registration.email);
    const nickname = registration.nickname?.trim() || defaultNickname(email);
    const issues = [...emailIssues(email), ...nicknameIssues(nickname)];
    if (issues.length > 0) throw new ValidationError(`${issues[0].field}: ${issues[0].message}`, issues);
    const weak = passwordIssues(registration.password);
    if (weak.length > 0) throw new EnvelopeWeakPasswordError(`Password ${weak[0].message}`);
    await this.countRegistration(registration.clientAddress);
    return this.users.create({
      email,
      nickname,
      avatar: '',
      passwordHash: await this.hasher.hash(registration.password),
      createdAt: this.clock.now(),
    });
  }

  /** Counted before the password is hashed, so a refused sign-up costs no hashing. */
  private async countRegistration(clientAddress: string): Promise<void> {
    const now = this.clock.now();
    const rule = { limit: this.limits.registrationsPerAddressPerHour, windowSeconds: REGISTRATION_WINDOW_SECONDS };
    const decision = await this.limiter.consume(`envelope-register-address:${clientAddress}`, rule, now);
    if (!decision.allowed) throw new TooManyRegistrationsError(secondsUntilReset(decision, now));
  }
}
