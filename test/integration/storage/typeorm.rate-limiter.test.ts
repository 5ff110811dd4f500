import { StorageKind } from '../../../adapters/config/app-config';
import { TypeOrmRateLimiter } from '../../../adapters/storage/typeorm/repositories/typeorm-rate-limiter';
import { RATE_LIMITER } from '../../../core/ports/rate-limiter.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeRateLimiterContract } from '../ports/rate-limiter.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  const limiter = storage.get(RATE_LIMITER) as TypeOrmRateLimiter;
  return { limiter, sweeper: limiter, destroy: () => storage.destroy() };
};

describeRateLimiterContract('TypeOrmRateLimiter on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmRateLimiter on MariaDB', () => describeRateLimiterContract('rate limiter contract', harness('mysql')));
