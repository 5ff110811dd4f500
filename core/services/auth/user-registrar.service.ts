import { inject, injectable } from 'inversify';
import { TooManyRegistrationsError } from '../../domain/auth/auth.errors';
import { secondsUntilReset } from '../../domain/rate-limit/rate-limit';
import { User } from '../../domain/user/user.entity';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { PASSWORD_HASHER, PasswordHasher } from '../../ports/password-hasher.port';
import { RATE_LIMITER, RateLimiter } from '../../ports/rate-limiter.port';
import { USER_REPOSITORY, UserRepository } from '../../ports/user-repository.port';
import { ValidationError } from '../../shared/common.errors';
import { AuditTrail } from '../audit/audit-trail.service';
import { AUTH_LIMITS, AuthLimits, REGISTRATION_WINDOW_SECONDS } from './auth-limits';
import { defaultNickname, emailIssues, nicknameIssues, normalizeEmail, passwordIssues } from './credentials-policy';

export interface Registration {
  email: string;
  password: string;
  nickname?: string;
  /** The caller's network address, as the contract determines it. */
  clientAddress: string;
}

/** Self-service sign-up. It always makes a `user`: administrators come from the admin bootstrap. */
@injectable()
export class UserRegistrar {
  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AUTH_LIMITS) private readonly limits: AuthLimits,
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async register(registration: Registration): Promise<User> {
    const email = normalizeEmail(registration.email);
    const nickname = registration.nickname?.trim() || defaultNickname(email);
    const issues = [...emailIssues(email), ...passwordIssues(registration.password), ...nicknameIssues(nickname)];
    if (issues.length > 0) {
      throw new ValidationError('Invalid registration', issues);
    }
    await this.countRegistration(registration.clientAddress);
    const user: User = {
      id: this.ids.uuid(),
      email,
      nickname,
      role: 'user',
      passwordHash: await this.hasher.hash(registration.password),
      createdAt: this.clock.now(),
    };
    await this.users.create(user);
    await this.audit.record({
      actorId: user.id,
      action: 'user.register',
      resourceType: 'user',
      resourceId: user.id,
      outcome: 'success',
      detail: { role: user.role },
    });
    return user;
  }

  /** Counted before the password is hashed, so a refused sign-up costs no hashing. */
  private async countRegistration(clientAddress: string): Promise<void> {
    const now = this.clock.now();
    const rule = { limit: this.limits.registrationsPerAddressPerHour, windowSeconds: REGISTRATION_WINDOW_SECONDS };
    const decision = await this.limiter.consume(`register-address:${clientAddress}`, rule, now);
    if (!decision.allowed) throw new TooManyRegistrationsError(secondsUntilReset(decision, now));
  }
}
