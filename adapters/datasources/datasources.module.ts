import { join } from 'node:path';
import { ContainerModule } from 'inversify';
import { SQL_QUERY_EXECUTOR } from '../../core/ports/sql-query-executor.port';
import { AppConfig } from '../config/app-config';
import { MysqlQueryExecutor } from './mysql/mysql-query-executor';
import { RoutingSqlQueryExecutor } from './routing-sql-query-executor';
import { SqliteQueryExecutor } from './sqlite/sqlite-query-executor';

/** Where users' SQLite data-source files live: `<DATA_DIR>/datasources/<ownerId>/`. */
export function sqliteDataSourceRoot(config: Pick<AppConfig, 'dataDir'>): string {
  return join(config.dataDir, 'datasources');
}

/** Binds `SQL_QUERY_EXECUTOR`: SQLite files under the data dir and MySQL/MariaDB servers, both read-only. */
export function dataSourcesModule(config: AppConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(SQL_QUERY_EXECUTOR).toConstantValue(
      new RoutingSqlQueryExecutor({ sqlite: new SqliteQueryExecutor(sqliteDataSourceRoot(config)), mysql: new MysqlQueryExecutor() }),
    );
  });
}
