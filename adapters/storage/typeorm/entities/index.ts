import { UserOrmEntity } from './user.orm-entity';
import { VectorRecordOrmEntity } from './vector-record.orm-entity';

/** Every TypeORM entity, listed explicitly (no globs): append yours here. */
export const ENTITIES = [UserOrmEntity, VectorRecordOrmEntity];
