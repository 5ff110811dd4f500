import { inject, injectable } from 'inversify';
import { InvalidCredentialsError } from '../../domain/auth/auth.errors';
import { PASSWORD_HASHER, PasswordHasher } from '../../ports/password-hasher.port';
import { TOKEN_SERVICE, TokenService } from '../../ports/token-service.port';
import { USER_REPOSITORY, UserRepository } from '../../ports/user-repository.port';
import { ValidationError } from '../../shared/common.errors';
import { AuditTrail } from '../audit/audit-trail.service';
import { AUTH_SETTINGS, AuthSettings } from './auth-settings';
import { emailIssues, normalizeEmail, offeredPasswordIssues } from './credentials-policy';
import { LoginAttempts } from './login-attempts.service';

/** Verified against when the e-mail is unknown, so both failures cost the same time. */
const DUMMY_HASH = 'scrypt$16384$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export interface LoginRequest {
  email: string;
  password: string;
  /** The caller's network address, as the contract determines it. */
  clientAddress: string;
}

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
    @inject(LoginAttempts) private readonly attempts: LoginAttempts,
    @inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  /**
   * Unknown e-mail and wrong password fail alike (no account enumeration). The input is bounded
   * before it becomes a key or reaches the hasher, and the attempt is counted before the check.
   */
  async login(request: LoginRequest): Promise<AccessGrant> {
    const email = normalizeEmail(request.email);
    const issues = [...emailIssues(email), ...offeredPasswordIssues(request.password)];
    if (issues.length > 0) {
      throw new ValidationError('Invalid login', issues);
    }
    const admission = await this.attempts.admit(email, request.clientAddress);
    const user = await this.users.findByEmail(email);
    const valid = await this.hasher.verify(request.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !valid) {
      await this.audit.record({
        actorId: user?.id ?? null,
        action: 'auth.login',
        resourceType: 'user',
        resourceId: user?.id ?? null,
        outcome: 'failure',
        detail: {},
      });
      throw new InvalidCredentialsError();
    }
    await this.attempts.forgive(admission);
    await this.audit.record({ actorId: user.id, action: 'auth.login', resourceType: 'user', resourceId: user.id, outcome: 'success', detail: {} });
    const issued = this.tokens.issue(user.id, 'access', this.settings.accessTokenTtlSeconds, { role: user.role });
    return { accessToken: issued.token, expiresAt: issued.expiresAt, expiresInSeconds: this.settings.accessTokenTtlSeconds };
  }
}
