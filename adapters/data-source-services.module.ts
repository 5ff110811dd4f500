import { ContainerModule } from 'inversify';
import { DATA_SOURCE_GATEWAY, DataSourceGateway } from '../core/ports/data-source-gateway.port';
import { SAFE_REGEX_ENGINE } from '../core/ports/safe-regex-engine.port';
import { DataSourceQueryRunner } from '../core/services/data-sources/data-source-query-runner.service';
import { Re2JsSafeRegexEngine } from './regex/re2js-safe-regex-engine';

/**
 * DATA_SOURCE_GATEWAY (the data-source use cases answer it) and the SAFE_REGEX_ENGINE document
 * queries run `$regex` on. The use cases need the storage module (repositories), SQL_QUERY_EXECUTOR (adapters/datasources),
 * TCP_EGRESS_GUARD (adapters/http), SECRET_CIPHER, CLOCK, ID_GENERATOR and AuditTrail.
 */
export function dataSourceServicesModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(SAFE_REGEX_ENGINE).toConstantValue(new Re2JsSafeRegexEngine());
    bind<DataSourceGateway>(DATA_SOURCE_GATEWAY).toService(DataSourceQueryRunner);
  });
}
