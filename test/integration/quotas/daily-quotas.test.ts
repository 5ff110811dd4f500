import { RATE_LIMITER } from '../../../core/ports/rate-limiter.port';
import { DailyQuotaExceededError, DailyQuotas } from '../../../core/services/quotas/daily-quotas.service';
import { MutableClock } from '../../fixtures/schedules/schedule-test-bed';
import { createTestStorage, TestStorage } from '../../support/test-database';

describe('DailyQuotas on the shared rate limiter', () => {
  let storage: TestStorage;
  const clock = new MutableClock(new Date('2030-01-01T08:00:00Z'));
  let quotas: DailyQuotas;

  beforeAll(async () => {
    storage = await createTestStorage('sqlite');
    quotas = new DailyQuotas(storage.get(RATE_LIMITER), clock, { emails: 3, schedules: 2, workspaceWriteBytes: 1000 });
  });
  afterAll(() => storage.destroy());

  it('When a user sends more e-mails than the daily quota, Then the one past it is refused with a retry after the day and other users are not affected', async () => {
    for (let n = 0; n < 3; n += 1) await quotas.take('user-a', 'emails');

    const refused = await quotas.take('user-a', 'emails').catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(DailyQuotaExceededError);
    expect(refused).toMatchObject({ code: 'quota.exceeded', quota: 'emails', limit: 3 });
    expect((refused as DailyQuotaExceededError).retryAfterSeconds).toBeGreaterThan(86_000);
    await expect(quotas.take('user-b', 'emails')).resolves.toBeUndefined();
    await expect(quotas.take('user-a', 'schedules')).resolves.toBeUndefined();
  });

  it('When workspace writes are counted in bytes, Then a write that would pass the daily bytes is refused whole', async () => {
    await quotas.take('user-c', 'workspaceWriteBytes', 900);

    await expect(quotas.take('user-c', 'workspaceWriteBytes', 200)).rejects.toBeInstanceOf(DailyQuotaExceededError);
    await expect(quotas.take('user-c', 'workspaceWriteBytes', 100)).resolves.toBeUndefined();
  });
});
