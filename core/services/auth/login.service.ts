import { inject, injectable } from 'inversify';
import { InvalidCredentialsError, TooManyLoginAttemptsError } from '../../domain/auth/auth.errors';
import { LOGIN_THROTTLE, LoginThrottle } from '../../ports/login-throttle.port';
import { PASSWORD_HASHER, PasswordHasher } from '../../ports/password-hasher.port';
import { TOKEN_SERVICE, TokenService } from '../../ports/token-service.port';
import { USER_REPOSITORY, UserRepository } from '../../ports/user-repository.port';
import { AuditTrail } from '../audit/audit-trail.service';
import { AUTH_SETTINGS, AuthSettings } from './auth-settings';
import { normalizeEmail } from './credentials-policy';

/** Verified against when the e-mail is unknown, so both failures cost the same time. */
const DUMMY_HASH = 'scrypt$16384$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export interface AccessGrant {
  accessToken: string;
  expiresAt: Date;
  expiresInSeconds: number;
}

@injectable()
export class LoginService {
  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(TOKEN_SERVICE) private readonly tokens: TokenService,
    @inject(LOGIN_THROTTLE) private readonly throttle: LoginThrottle,
    @inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  /** Unknown e-mail and wrong password fail alike (no account enumeration). */
  async login(email: string, password: string): Promise<AccessGrant> {
    const key = normalizeEmail(email);
    const wait = await this.throttle.blockedFor(key);
    if (wait > 0) {
      throw new TooManyLoginAttemptsError(wait);
    }
    const user = await this.users.findByEmail(key);
    const valid = await this.hasher.verify(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !valid) {
      await this.throttle.recordFailure(key);
      await this.audit.record({ actorId: user?.id ?? null, action: 'auth.login', resourceType: 'user', resourceId: user?.id ?? null, outcome: 'failure', detail: {} });
      throw new InvalidCredentialsError();
    }
    await this.throttle.reset(key);
    await this.audit.record({ actorId: user.id, action: 'auth.login', resourceType: 'user', resourceId: user.id, outcome: 'success', detail: {} });
    const issued = this.tokens.issue(user.id, 'access', this.settings.accessTokenTtlSeconds, { role: user.role });
    return { accessToken: issued.token, expiresAt: issued.expiresAt, expiresInSeconds: this.settings.accessTokenTtlSeconds };
  }
}
