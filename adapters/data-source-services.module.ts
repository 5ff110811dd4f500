import { ContainerModule } from 'inversify';
import { DATA_SOURCE_GATEWAY, DataSourceGateway } from '../core/ports/data-source-gateway.port';
import { SAFE_REGEX_ENGINE } from '../core/ports/safe-regex-engine.port';
import { Token } from '../core/shared/token';
import { DataSourceQueryRunner } from '../core/services/data-sources/data-source-query-runner.service';
import { DataSourceRegistry } from '../core/services/data-sources/data-source-registry.service';
import { DocumentCollectionManager } from '../core/services/data-sources/document-collection-manager.service';
import { DatasourceCapability } from '../plugins/kernel/capabilities/datasource-capability';
import { PluginKernel } from '../plugins/kernel/plugin-kernel';
import { Re2JsSafeRegexEngine } from './regex/re2js-safe-regex-engine';

/**
 * The data-source use cases (registry, document collections, queries), DATA_SOURCE_GATEWAY and
 * the SAFE_REGEX_ENGINE document queries run `$regex` on.
 * Needs the storage module (repositories), SQL_QUERY_EXECUTOR (adapters/datasources),
 * TCP_EGRESS_GUARD (adapters/http), SECRET_CIPHER, CLOCK, ID_GENERATOR and AuditTrail.
 */
export function dataSourceServicesModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(SAFE_REGEX_ENGINE).toConstantValue(new Re2JsSafeRegexEngine());
    bind(DataSourceRegistry).toSelf().inSingletonScope();
    bind(DocumentCollectionManager).toSelf().inSingletonScope();
    bind(DataSourceQueryRunner).toSelf().inSingletonScope();
    bind<DataSourceGateway>(DATA_SOURCE_GATEWAY).toService(DataSourceQueryRunner);
  });
}

/** Installs the host side of the plugins' `datasource` capability; call it before `kernel.start()`. */
export function registerDatasourceCapability(container: { get<T>(token: Token<T>): T }, kernel: PluginKernel): void {
  kernel.capabilities.register('datasource', new DatasourceCapability(container.get(DATA_SOURCE_GATEWAY)));
}
