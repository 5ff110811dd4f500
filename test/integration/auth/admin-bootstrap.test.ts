import { ScryptPasswordHasher } from '../../../adapters/auth/scrypt-password-hasher';
import { CryptoIdGenerator } from '../../../adapters/system/crypto-id-generator';
import { USER_REPOSITORY, UserRepository } from '../../../core/ports/user-repository.port';
import { AuditTrail } from '../../../core/services/audit/audit-trail.service';
import { AdminAccounts } from '../../../core/services/auth/admin-accounts';
import { AdminBootstrap } from '../../../core/services/auth/admin-bootstrap.service';
import { JobRecordingQueue, MutableClock, RecordingLogger } from '../../fixtures/schedules/schedule-test-bed';
import { aUser } from '../../fixtures/users/user.mother';
import { createTestStorage, TestStorage } from '../../support/test-database';

describe('AdminBootstrap', () => {
  let storage: TestStorage;
  let users: UserRepository;
  const hasher = new ScryptPasswordHasher(1024);
  const clock = new MutableClock(new Date('2030-01-01T08:00:00Z'));

  beforeAll(async () => {
    storage = await createTestStorage('sqlite');
    users = storage.get(USER_REPOSITORY);
  });
  afterAll(() => storage.destroy());

  function bootstrap(accounts: AdminAccounts): { run: () => Promise<void>; logger: RecordingLogger } {
    const ids = new CryptoIdGenerator();
    const logger = new RecordingLogger();
    const audit = new AuditTrail(new JobRecordingQueue(), ids, clock, logger);
    const service = new AdminBootstrap(users, hasher, ids, clock, accounts, logger, audit);
    return { run: () => service.run(), logger };
  }

  it('When an initial password is configured, Then each missing administrator is created with it and no password is logged', async () => {
    const { run, logger } = bootstrap({ emails: ['first-admin@example.com', 'second-admin@example.com'], initialPassword: 'initial password 1' });

    await run();

    for (const email of ['first-admin@example.com', 'second-admin@example.com']) {
      const admin = await users.findByEmail(email);
      expect(admin).toMatchObject({ email, role: 'admin', nickname: email.split('@')[0] });
      expect(await hasher.verify('initial password 1', admin!.passwordHash)).toBe(true);
    }
    expect(JSON.stringify(logger.lines)).not.toContain('initial password 1');
  });

  it('When no initial password is configured, Then the administrator gets a random one, logged once at warn level', async () => {
    const first = bootstrap({ emails: ['generated-admin@example.com'] });

    await first.run();

    const warnings = first.logger.lines.filter((line) => line.level === 'warn');
    expect(warnings).toEqual([
      { level: 'warn', fields: { email: 'generated-admin@example.com', password: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/) }, message: expect.any(String) },
    ]);
    const admin = await users.findByEmail('generated-admin@example.com');
    expect(admin?.role).toBe('admin');
    expect(await hasher.verify(warnings[0].fields.password as string, admin!.passwordHash)).toBe(true);

    const again = bootstrap({ emails: ['generated-admin@example.com'] });
    await again.run();
    expect(again.logger.lines).toEqual([]);
    expect((await users.findByEmail('generated-admin@example.com'))?.passwordHash).toBe(admin!.passwordHash);
  });

  it('When somebody registered a configured address first, Then that user is not promoted and the operator is warned', async () => {
    const squatter = aUser({ email: 'claimed-admin@example.com' });
    await users.create(squatter);
    const { run, logger } = bootstrap({ emails: ['claimed-admin@example.com'], initialPassword: 'initial password 1' });

    await run();

    expect(await users.findById(squatter.id)).toEqual(squatter);
    expect(logger.lines).toEqual([{ level: 'warn', fields: { email: 'claimed-admin@example.com' }, message: expect.stringContaining('not promoted') }]);
  });
});
