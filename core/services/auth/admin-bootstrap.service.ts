import { inject, injectable } from 'inversify';
import { User } from '../../domain/user/user.entity';
import { EmailTakenError } from '../../domain/user/user.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { PASSWORD_HASHER, PasswordHasher } from '../../ports/password-hasher.port';
import { USER_REPOSITORY, UserRepository } from '../../ports/user-repository.port';
import { AuditTrail } from '../audit/audit-trail.service';
import { ADMIN_ACCOUNTS, AdminAccounts } from './admin-accounts';
import { defaultNickname } from './credentials-policy';

/** 18 random bytes: 24 base64url characters, 144 bits. */
const GENERATED_PASSWORD_BYTES = 18;

/**
 * Creates the configured administrators before the services accept requests. Only accounts it
 * creates are administrators: an address somebody registered first stays a plain user, since
 * anyone may register any address and nothing proves they own it.
 */
@injectable()
export class AdminBootstrap {
  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(ADMIN_ACCOUNTS) private readonly accounts: AdminAccounts,
    @inject(LOGGER) private readonly logger: Logger,
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async run(): Promise<void> {
    for (const email of this.accounts.emails) {
      await this.ensureAdmin(email);
    }
  }

  private async ensureAdmin(email: string): Promise<void> {
    const existing = await this.users.findByEmail(email);
    if (existing) {
      if (existing.role !== 'admin') this.logger.warn({ email }, 'a configured administrator e-mail belongs to an existing user, who is not promoted');
      return;
    }
    const configured = this.accounts.initialPassword;
    const password = configured ?? this.ids.secret(GENERATED_PASSWORD_BYTES);
    const admin: User = {
      id: this.ids.uuid(),
      email,
      nickname: defaultNickname(email),
      role: 'admin',
      passwordHash: await this.hasher.hash(password),
      createdAt: this.clock.now(),
    };
    if (!(await this.created(admin))) return;
    await this.audit.record({
      actorId: null,
      action: 'user.bootstrap_admin',
      resourceType: 'user',
      resourceId: admin.id,
      outcome: 'success',
      detail: { role: 'admin' },
    });
    if (configured === undefined) {
      // The only place this password ever appears: whoever reads the start-up log signs in with it.
      this.logger.warn({ email, password }, 'administrator account created with a generated password, shown only this once');
    } else {
      this.logger.info({ email }, 'administrator account created with the configured initial password');
    }
  }

  /** False when another process starting at the same time created the account first. */
  private async created(admin: User): Promise<boolean> {
    try {
      await this.users.create(admin);
      return true;
    } catch (error) {
      if (error instanceof EmailTakenError) return false;
      throw error;
    }
  }
}
