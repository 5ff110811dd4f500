import { inject, injectable } from 'inversify';
import { User } from '../../domain/user/user.entity';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { PASSWORD_HASHER, PasswordHasher } from '../../ports/password-hasher.port';
import { USER_REPOSITORY, UserRepository } from '../../ports/user-repository.port';
import { ValidationError } from '../../shared/common.errors';
import { AuditTrail } from '../audit/audit-trail.service';
import { AUTH_SETTINGS, AuthSettings } from './auth-settings';
import { emailIssues, normalizeEmail, passwordIssues } from './credentials-policy';

export interface Registration {
  email: string;
  password: string;
  nickname?: string;
}

@injectable()
export class UserRegistrar {
  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async register(registration: Registration): Promise<User> {
    const email = normalizeEmail(registration.email);
    const issues = [...emailIssues(email), ...passwordIssues(registration.password)];
    if (issues.length > 0) {
      throw new ValidationError('Invalid registration', issues);
    }
    const user: User = {
      id: this.ids.uuid(),
      email,
      nickname: registration.nickname?.trim() || email.split('@')[0],
      role: this.settings.adminEmails.includes(email) ? 'admin' : 'user',
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
}
