import { createSecretKey, randomBytes } from 'node:crypto';
import { JwtTokenService } from '../../../adapters/auth/jwt-token-service';
import { ScryptPasswordHasher } from '../../../adapters/auth/scrypt-password-hasher';
import { Sha256SecretHasher } from '../../../adapters/auth/sha256-secret-hasher';
import { CryptoIdGenerator } from '../../../adapters/system/crypto-id-generator';
import { StorageKind } from '../../../adapters/config/app-config';
import { InvalidCredentialsError, TooManyLoginAttemptsError } from '../../../core/domain/auth/auth.errors';
import { PasswordHasher } from '../../../core/ports/password-hasher.port';
import { RATE_LIMITER, RateLimiter } from '../../../core/ports/rate-limiter.port';
import { USER_REPOSITORY, UserRepository } from '../../../core/ports/user-repository.port';
import { ValidationError } from '../../../core/shared/common.errors';
import { AuditTrail } from '../../../core/services/audit/audit-trail.service';
import { LoginAttempts } from '../../../core/services/auth/login-attempts.service';
import { LoginService } from '../../../core/services/auth/login.service';
import { aUser } from '../../fixtures/users/user.mother';
import { JobRecordingQueue, MutableClock, RecordingLogger } from '../../fixtures/schedules/schedule-test-bed';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage, TestStorage } from '../../support/test-database';

const PASSWORD = 'correct horse 42';

/** Counts the password checks that actually run: what the failed-login limits exist to bound. */
class CountingHasher implements PasswordHasher {
  verified = 0;
  private readonly inner = new ScryptPasswordHasher(1024);
  hash(password: string): Promise<string> {
    return this.inner.hash(password);
  }
  verify(password: string, stored: string): Promise<boolean> {
    this.verified += 1;
    return this.inner.verify(password, stored);
  }
}

/** Counts calls into the limiter, to show what is refused before it is ever consulted. */
class CountingLimiter implements RateLimiter {
  consumed = 0;
  constructor(private readonly inner: RateLimiter) {}
  consume(...args: Parameters<RateLimiter['consume']>) {
    this.consumed += 1;
    return this.inner.consume(...args);
  }
  refund(...args: Parameters<RateLimiter['refund']>) {
    return this.inner.refund(...args);
  }
}

function describeLoginService(kind: StorageKind): void {
  let storage: TestStorage;
  let users: UserRepository;
  let hasher: CountingHasher;
  let limiter: CountingLimiter;
  let service: LoginService;
  const clock = new MutableClock(new Date('2030-01-01T08:00:00Z'));

  beforeAll(async () => {
    storage = await createTestStorage(kind);
    users = storage.get(USER_REPOSITORY);
    hasher = new CountingHasher();
    limiter = new CountingLimiter(storage.get(RATE_LIMITER));
    const ids = new CryptoIdGenerator();
    const limits = { loginFailuresPerAddress: 100, loginFailuresPerEmail: 10, registrationsPerAddressPerHour: 100 };
    const attempts = new LoginAttempts(limiter, new Sha256SecretHasher(), clock, limits);
    const tokens = new JwtTokenService(createSecretKey(randomBytes(32)), 'platform', clock, ids);
    const audit = new AuditTrail(new JobRecordingQueue(), ids, clock, new RecordingLogger());
    service = new LoginService(users, hasher, tokens, attempts, { accessTokenTtlSeconds: 3600 }, audit);
  });
  afterAll(() => storage?.destroy());

  async function aRegisteredUser(): Promise<string> {
    const user = aUser({ passwordHash: await hasher.hash(PASSWORD) });
    await users.create(user);
    return user.email;
  }
  const attempt = (email: string, password: string, clientAddress = '192.0.2.1') =>
    service.login({ email, password, clientAddress }).then(
      () => 'granted',
      (error: unknown) => error,
    );

  it('When 40 wrong passwords for one e-mail race, Then at most 10 reach the password check and the rest are refused as too many', async () => {
    const email = await aRegisteredUser();
    hasher.verified = 0;

    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, n) => attempt(email, `wrong guess ${n}`)));

    expect(hasher.verified).toBeLessThanOrEqual(10);
    expect(outcomes.filter((o) => o instanceof InvalidCredentialsError)).toHaveLength(hasher.verified);
    expect(outcomes.filter((o) => o instanceof TooManyLoginAttemptsError)).toHaveLength(40 - hasher.verified);
    expect(await attempt(email, PASSWORD)).toBeInstanceOf(TooManyLoginAttemptsError);
  });

  it('When an e-mail is locked from one address, Then its owner still gets in from another', async () => {
    const email = await aRegisteredUser();
    for (let n = 0; n < 10; n += 1) await attempt(email, 'wrong guess 1', '192.0.2.2');

    expect(await attempt(email, PASSWORD, '192.0.2.2')).toBeInstanceOf(TooManyLoginAttemptsError);
    expect(await attempt(email, PASSWORD, '192.0.2.3')).toBe('granted');
  });

  it('When a login succeeds, Then it is not counted as a failure', async () => {
    const email = await aRegisteredUser();
    for (let n = 0; n < 9; n += 1) await attempt(email, 'wrong guess 1', '192.0.2.4');

    expect(await attempt(email, PASSWORD, '192.0.2.4')).toBe('granted');
    expect(await attempt(email, 'wrong guess 1', '192.0.2.4')).toBeInstanceOf(InvalidCredentialsError);
    expect(await attempt(email, PASSWORD, '192.0.2.4')).toBeInstanceOf(TooManyLoginAttemptsError);
  });

  it('When the e-mail is over 254 characters or the password over 128, Then it is refused before it is counted or checked', async () => {
    const [consumed, verified] = [limiter.consumed, hasher.verified];

    expect(await attempt(`${'a'.repeat(250)}@example.com`, PASSWORD)).toBeInstanceOf(ValidationError);
    expect(await attempt('a@example.com', 'p'.repeat(129))).toBeInstanceOf(ValidationError);
    expect(await attempt('not an e-mail', PASSWORD)).toBeInstanceOf(ValidationError);
    expect([limiter.consumed, hasher.verified]).toEqual([consumed, verified]);
  });
}

describe('LoginService on SQLite', () => describeLoginService('sqlite'));
describeWithEnv('DATABASE_URL', 'LoginService on MariaDB', () => describeLoginService('mysql'));
