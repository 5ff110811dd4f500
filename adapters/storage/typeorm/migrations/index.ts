import { CreateUsers1795254449940 } from './1795254449940-create-users.migration';
import { CreateVectorRecords1795254449941 } from './1795254449941-create-vector-records.migration';

/**
 * Every migration, listed explicitly (no globs): append yours here. Write them with the
 * QueryRunner Table API and `portable` column shapes so one set runs on SQLite and MySQL.
 */
export const MIGRATIONS = [CreateUsers1795254449940, CreateVectorRecords1795254449941];
