import { Bind } from 'inversify';
import { API_KEY_REPOSITORY, ApiKeyRepository } from '../../../core/ports/api-key-repository.port';
import { AUDIT_LOG_REPOSITORY, AuditLogRepository } from '../../../core/ports/audit-log-repository.port';
import { RATE_LIMITER, RateLimiter } from '../../../core/ports/rate-limiter.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../../core/ports/unit-of-work.port';
import { USER_REPOSITORY, UserRepository } from '../../../core/ports/user-repository.port';
import {
  VECTOR_RECORD_REPOSITORY,
  VectorRecordRepository,
} from '../../../core/ports/vector-record-repository.port';
import { ManagerProvider } from './manager-provider';
import { TypeOrmApiKeyRepository } from './repositories/typeorm-api-key-repository';
import { TypeOrmRateLimiter } from './repositories/typeorm-rate-limiter';
import { TypeOrmAuditLogRepository } from './repositories/typeorm-audit-log-repository';
import { TypeOrmUserRepository } from './repositories/typeorm-user-repository';
import { TypeOrmVectorRecordRepository } from './repositories/typeorm-vector-record-repository';
import { TypeOrmUnitOfWork } from './typeorm-unit-of-work';

/**
 * Binds the unit of work and every TypeORM repository to its port. To add a repository,
 * take the `ManagerProvider` in its constructor (so it joins transactions) and add one line.
 */
export function bindTypeOrmRepositories(bind: Bind, managers: ManagerProvider): void {
  bind<UnitOfWork>(UNIT_OF_WORK).toConstantValue(new TypeOrmUnitOfWork(managers));
  bind<UserRepository>(USER_REPOSITORY).toConstantValue(new TypeOrmUserRepository(managers));
  bind<VectorRecordRepository>(VECTOR_RECORD_REPOSITORY).toConstantValue(new TypeOrmVectorRecordRepository(managers));
  bind<AuditLogRepository>(AUDIT_LOG_REPOSITORY).toConstantValue(new TypeOrmAuditLogRepository(managers));
  bind<ApiKeyRepository>(API_KEY_REPOSITORY).toConstantValue(new TypeOrmApiKeyRepository(managers));
  bind<RateLimiter>(RATE_LIMITER).toConstantValue(new TypeOrmRateLimiter(managers));
}
