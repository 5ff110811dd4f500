import { CreateUsers1795254449940 } from './1795254449940-create-users.migration';
import { CreateVectorRecords1795254449941 } from './1795254449941-create-vector-records.migration';
import { CreateAuditLogs1795254449950 } from './1795254449950-create-audit-logs.migration';
import { CreatePromptApiKeys1795254449960 } from './1795254449960-create-prompt-api-keys.migration';
import { CreateRateLimitWindows1795254449961 } from './1795254449961-create-rate-limit-windows.migration';

/**
 * Every migration, listed explicitly (no globs): append yours here. Write them with the
 * QueryRunner Table API and `portable` column shapes so one set runs on SQLite and MySQL.
 */
export const MIGRATIONS = [
  CreateUsers1795254449940,
  CreateVectorRecords1795254449941,
  CreateAuditLogs1795254449950,
  CreatePromptApiKeys1795254449960,
  CreateRateLimitWindows1795254449961,
];
