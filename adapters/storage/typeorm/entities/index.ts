import { AuditLogOrmEntity } from './audit-log.orm-entity';
import { UserOrmEntity } from './user.orm-entity';
import { VectorRecordOrmEntity } from './vector-record.orm-entity';
import { ApiKeyOrmEntity } from './api-key.orm-entity';
import { RateLimitWindowOrmEntity } from './rate-limit-window.orm-entity';

/** Every TypeORM entity, listed explicitly (no globs): append yours here. */
export const ENTITIES = [UserOrmEntity, VectorRecordOrmEntity, AuditLogOrmEntity, ApiKeyOrmEntity, RateLimitWindowOrmEntity];
